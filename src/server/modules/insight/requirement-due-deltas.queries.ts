import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Sums each organisation's requirement_due_deltas to one row per due day and type (rows that
 * sum to nothing go), so the workload figure reads a few rows per day whatever the day's writes.
 * Rows added by writes while it runs are not in its snapshot, so they are neither removed nor
 * summed and stay as they are: the sums never change. Running it twice gives the same rows.
 */
export async function compactRequirementDueDeltas(db: DbOrTx): Promise<number> {
  const { rowCount } = await db.execute(sql`
    with gone as (
      delete from requirement_due_deltas returning organization_id, due_on, item_type, delta
    )
    insert into requirement_due_deltas (organization_id, due_on, item_type, delta)
    select organization_id, due_on, item_type, sum(delta)::int from gone
    group by organization_id, due_on, item_type having sum(delta) <> 0
    order by organization_id, due_on, item_type`);
  return rowCount ?? 0;
}
