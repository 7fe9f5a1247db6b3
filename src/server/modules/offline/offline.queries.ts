import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface NewUnappliedChange {
  organizationId: number;
  propertyId: number | null;
  userId: number;
  changeId: string;
  label: string;
  reason: string;
  recorded: Record<string, unknown>;
  recordedAt: string;
}

/**
 * Keeps the change once: the same change id of the organisation sent again finds the row kept
 * the first time (its history event was written then, by the history_capture trigger).
 */
export async function keepUnappliedChange(db: DbOrTx, change: NewUnappliedChange): Promise<number> {
  const inserted = await db.execute<{ id: number }>(sql`
    insert into unapplied_changes (organization_id, property_id, user_id, change_id, label, reason, recorded, recorded_at)
    values (${change.organizationId}, ${change.propertyId}, ${change.userId}, ${change.changeId}, ${change.label}, ${change.reason},
            ${JSON.stringify(change.recorded)}::jsonb, ${change.recordedAt}::timestamptz)
    on conflict (organization_id, change_id) do nothing
    returning id`);
  if (inserted.rows[0]) return inserted.rows[0].id;
  const kept = await db.execute<{ id: number }>(sql`
    select id from unapplied_changes where organization_id = ${change.organizationId} and change_id = ${change.changeId}`);
  return kept.rows[0]!.id;
}
