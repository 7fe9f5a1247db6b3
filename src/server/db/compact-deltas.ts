import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Sums an append-only table of deltas (each row `delta` of a key) to one row per key; keys that
 * sum to nothing go. Rows added by writes while it runs are not in its snapshot, so they are
 * neither removed nor summed and stay as they are: the sums never change, and running it twice
 * gives the same rows. `table` and `keys` are the code's own names, never a caller's input.
 */
export async function compactDeltas(db: DbOrTx, table: string, keys: readonly string[]): Promise<number> {
  const columns = sql.raw(keys.join(', '));
  const { rowCount } = await db.execute(sql`
    with gone as (
      delete from ${sql.raw(table)} returning ${columns}, delta
    )
    insert into ${sql.raw(table)} (${columns}, delta)
    select ${columns}, sum(delta)::int from gone
    group by ${columns} having sum(delta) <> 0
    order by ${columns}`);
  return rowCount ?? 0;
}
