import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MADE_TAG_ALPHABET, MADE_TAG_LENGTH } from '@shared/devices';
import type { DbOrTx } from '../../db/client';

/**
 * Tags made for devices added without one: 7 characters of an alphabet without 0/O and 1/I
 * (about 34 billion tags), random so that one cannot guess a neighbour's. Unique across Firemark;
 * a made tag already taken is made again.
 */
export function makeTag(): string {
  let tag = '';
  for (let i = 0; i < MADE_TAG_LENGTH; i++) tag += MADE_TAG_ALPHABET[randomInt(MADE_TAG_ALPHABET.length)];
  return tag;
}

/** Which of these tags a device has already, anywhere (tags are stored upper case). */
export async function tagsInUse(db: DbOrTx, tags: readonly string[]): Promise<Set<string>> {
  if (tags.length === 0) return new Set();
  const result = await db.execute<{ tag: string }>(sql`select tag from devices where tag = any(${`{${tags.join(',')}}`}::text[])`);
  return new Set(result.rows.map((r) => r.tag));
}

/** `count` new tags, none in use and none twice. */
export async function makeTags(db: DbOrTx, count: number, alsoTaken: ReadonlySet<string> = new Set()): Promise<string[]> {
  const made = new Set<string>();
  while (made.size < count) {
    const candidates = Array.from({ length: count - made.size }, makeTag).filter((t) => !made.has(t) && !alsoTaken.has(t));
    const taken = await tagsInUse(db, candidates);
    for (const tag of candidates) if (!taken.has(tag)) made.add(tag);
  }
  return [...made];
}

/** Whether the unique index on tags refused a write: another transaction took the tag first. */
export function isTagClash(error: unknown): boolean {
  // Drizzle wraps the driver's error; the PostgreSQL fields are on its cause.
  const e = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === 'devices_tag_key';
}

const TAG_CLASH_TRIES = 3;

/**
 * Made tags are checked free before they are inserted, but another transaction can take the
 * same tag in between; the unique index then refuses the insert and the whole transaction is
 * tried again with new tags (an import's typed tags are checked again then, and answered as
 * duplicates).
 */
export async function retryOnTagClash<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isTagClash(error) || attempt >= TAG_CLASH_TRIES) throw error;
    }
  }
}
