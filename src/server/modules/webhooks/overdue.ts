import { wholeOrganization } from '../../access';
import type pg from 'pg';
import type { DbOrTx } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { findInspection } from '../inspections/inspections.queries';
import { emitWebhookEvent } from './emit';
import * as q from './webhooks.queries';

/**
 * How far back an overdue inspection is still announced: an account that subscribes today
 * hears of what became overdue lately, not of every inspection left open for years.
 */
const LOOKBACK_DAYS = 7;

/** Writes one `inspection.overdue` event per inspection that has become overdue; the mark makes it once. */
export async function emitOverdueEvents(pool: pg.Pool, db: DbOrTx, now = new Date(), limit = 200): Promise<number> {
  let emitted = 0;
  for (const row of await q.newlyOverdue(db, now, LOOKBACK_DAYS, limit)) {
    await withTransaction(pool, async (tx) => {
      if (!(await q.markOverdueAnnounced(tx.db, row.id))) return;
      await emitWebhookEvent(tx, row.organization_id, 'inspection.overdue', await findInspection(tx.db, wholeOrganization(row.organization_id), row.id, row.today), now);
      emitted++;
    });
  }
  return emitted;
}
