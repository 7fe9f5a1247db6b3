import type pg from 'pg';
import { dependencies } from '../../plugins/idempotency';

/**
 * The inspection a change should go to when the completion it depends on was kept as another
 * inspection (results are only ever added, docs/offline.md): a deficiency recorded with a
 * completion on a device follows the result it belongs to, not the inspection someone else
 * completed meanwhile. The completion's kept answer names it (`addedAsInspectionId`).
 */
export async function inspectionAddedFor(pool: pg.Pool, userId: number, header: string | string[] | undefined, inspectionId: number): Promise<number> {
  const keys = header === undefined ? undefined : dependencies(header);
  if (!keys?.length) return inspectionId;
  const { rows } = await pool.query<{ added: number }>(
    `select (response ->> 'addedAsInspectionId')::int as added from idempotency_keys
     where user_id = $1 and key = any($2::text[]) and operation = $3 and response ? 'addedAsInspectionId'
     limit 1`,
    [userId, keys, `PUT /api/inspections/${inspectionId}`],
  );
  return rows[0]?.added ?? inspectionId;
}
