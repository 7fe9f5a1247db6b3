import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';

/** An inspection of another account does not exist for this one (404). */
export async function assertInspectionExists(db: DbOrTx, userId: number, inspectionId: number): Promise<void> {
  const result = await db.execute(sql`select 1 from inspections where id = ${inspectionId} and user_id = ${userId}`);
  if (result.rows.length === 0) throw notFound('Inspection not found');
}
