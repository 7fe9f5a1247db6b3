import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Which of these stored files' keys something may still read: a photo or report row, or an
 * undo that has not expired and would put a deleted row back (its snapshot holds the key).
 * Keys are random, so one question serves the photos' store and the reports' store.
 */
export async function keysInUse(db: DbOrTx, keys: string[], now: Date): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const result = await db.execute<{ key: string }>(sql`
    select k.key from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as k(key)
    where exists (select 1 from deficiency_photos p where p.storage_key = k.key)
       or exists (select 1 from reports r where r.storage_key = k.key)
       or exists (select 1 from undo_actions u where u.expires_at > ${now.toISOString()}::timestamptz and position(k.key in u.before::text) > 0)`);
  return new Set(result.rows.map((row) => row.key));
}
