import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DbOrTx } from '../../db/client';
import { webhookOverdueEvents } from '../../db/schema/index';
import { withTransaction } from '../../db/transaction';
import { findInspection } from '../inspections/inspections.queries';
import { emitWebhookEvent } from './emit';

/**
 * How far back an overdue inspection is still announced: an account that subscribes today
 * hears of what became overdue lately, not of every inspection left open for years.
 */
const LOOKBACK_DAYS = 7;

/** Open inspections past their due date (in the account's zone) whose event is not written yet, for accounts that want it. */
async function newlyOverdue(db: DbOrTx, now: Date, limit: number) {
  const today = sql`(${now.toISOString()}::timestamptz at time zone u.time_zone)::date`;
  const result = await db.execute<{ id: number; user_id: number; today: string }>(sql`
    select i.id, i.user_id, to_char(${today}, 'YYYY-MM-DD') as today
    from inspections i
    join users u on u.id = i.user_id
    where i.status in ('scheduled', 'in_progress')
      and i.due_date < ${today} and i.due_date >= ${today} - ${LOOKBACK_DAYS}::int
      and exists (select 1 from webhook_endpoints e where e.user_id = i.user_id and e.enabled and 'inspection.overdue' = any(e.events))
      and not exists (select 1 from webhook_overdue_events m where m.inspection_id = i.id)
    order by i.id
    limit ${limit}`);
  return result.rows;
}

/** Writes one `inspection.overdue` event per inspection that has become overdue; the mark makes it once. */
export async function emitOverdueEvents(pool: pg.Pool, db: DbOrTx, now = new Date(), limit = 200): Promise<number> {
  let emitted = 0;
  for (const row of await newlyOverdue(db, now, limit)) {
    await withTransaction(pool, async (tx) => {
      const marked = await tx.db.insert(webhookOverdueEvents).values({ inspectionId: row.id }).onConflictDoNothing().returning();
      if (!marked.length) return;
      await emitWebhookEvent(tx, row.user_id, 'inspection.overdue', await findInspection(tx.db, row.user_id, row.id, row.today), now);
      emitted++;
    });
  }
  return emitted;
}
