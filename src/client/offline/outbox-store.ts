import { offlineDb } from './db';
import { dependenciesOf } from './outbox-rules';
import type { OutboxChange } from './outbox-types';

/** The outbox's reads and writes in the device store; each awaits its transaction. */

const SEQ_KEY = 'seq';
/** Per person: another who signs in on the device does not see when the last one synced. */
const lastSyncKey = (userId: number) => `lastSyncAt:${userId}`;

/** Writes a new change with the next sequence number, both in one transaction. */
export async function addChange(change: Omit<OutboxChange, 'seq'>): Promise<OutboxChange> {
  const db = await offlineDb();
  const tx = db.transaction(['outbox', 'meta'], 'readwrite');
  const last = (await tx.objectStore('meta').get(SEQ_KEY)) as number | undefined;
  const stored: OutboxChange = { ...change, seq: (last ?? 0) + 1 };
  await tx.objectStore('meta').put(stored.seq, SEQ_KEY);
  await tx.objectStore('outbox').add(stored);
  await tx.done;
  return stored;
}

/** Every change on the device, in the order recorded. */
export async function allChanges(): Promise<OutboxChange[]> {
  const db = await offlineDb();
  return db.getAllFromIndex('outbox', 'seq');
}

export async function getChange(id: string): Promise<OutboxChange | undefined> {
  const db = await offlineDb();
  return db.get('outbox', id);
}

export async function putChange(change: OutboxChange): Promise<void> {
  const db = await offlineDb();
  await db.put('outbox', change);
}

export async function deleteChange(id: string): Promise<void> {
  const db = await offlineDb();
  await db.delete('outbox', id);
}

/** Removes an accepted change and, in the same transaction, keeps its answer for the changes that refer to it. */
export async function acceptChange(id: string, answer: unknown, keepAnswer: boolean): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(['outbox', 'answers'], 'readwrite');
  await tx.objectStore('outbox').delete(id);
  if (keepAnswer) await tx.objectStore('answers').put({ changeId: id, answer, at: new Date().toISOString() });
  await tx.done;
}

export async function allAnswers(): Promise<Map<string, unknown>> {
  const db = await offlineDb();
  const rows = await db.getAll('answers');
  return new Map(rows.map((row) => [row.changeId, row.answer]));
}

/**
 * Answers no change on the device refers to (kept before `keptBefore`, when given). They hold
 * records (a deficiency's text), so they are not left for the next person on a shared device.
 */
export async function pruneUnreferencedAnswers(keptBefore?: Date): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(['outbox', 'answers'], 'readwrite');
  const needed = new Set((await tx.objectStore('outbox').getAll()).flatMap(dependenciesOf));
  for (const row of await tx.objectStore('answers').getAll()) {
    if (!needed.has(row.changeId) && (!keptBefore || row.at < keptBefore.toISOString())) await tx.objectStore('answers').delete(row.changeId);
  }
  await tx.done;
}

/** Answers kept longer than the server keeps its idempotency keys are of no further use. */
export async function pruneAnswers(olderThan: Date): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('answers', 'readwrite');
  for (const row of await tx.store.getAll()) {
    if (row.at < olderThan.toISOString()) await tx.store.delete(row.changeId);
  }
  await tx.done;
}

export async function lastSyncAt(userId: number): Promise<string | null> {
  const db = await offlineDb();
  const value = await db.get('meta', lastSyncKey(userId));
  return typeof value === 'string' ? value : null;
}

export async function setLastSyncAt(userId: number, at: string): Promise<void> {
  const db = await offlineDb();
  await db.put('meta', at, lastSyncKey(userId));
}
