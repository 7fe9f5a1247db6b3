import type { DbOrTx } from '../../db/client';
import { compactDeltas } from '../../db/compact-deltas';

/**
 * Sums each organisation's requirement_due_deltas to one row per due day and type (compactDeltas),
 * so the workload figure reads a few rows per day whatever the day's writes.
 */
export function compactRequirementDueDeltas(db: DbOrTx): Promise<number> {
  return compactDeltas(db, 'requirement_due_deltas', ['organization_id', 'due_on', 'item_type']);
}
