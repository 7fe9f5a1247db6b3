import { and, asc, eq, sql } from 'drizzle-orm';
import type { InspectorValues } from '@shared/schemas/inspector';
import type { DbOrTx } from '../../db/client';
import { inspectors } from '../../db/schema/index';

export type InspectorRow = typeof inspectors.$inferSelect;

export function listInspectors(db: DbOrTx, organizationId: number): Promise<InspectorRow[]> {
  return db
    .select()
    .from(inspectors)
    .where(eq(inspectors.organizationId, organizationId))
    .orderBy(asc(sql`lower(${inspectors.name})`), asc(inspectors.id));
}

export async function findInspector(db: DbOrTx, organizationId: number, id: number): Promise<InspectorRow | undefined> {
  const [row] = await db
    .select()
    .from(inspectors)
    .where(and(eq(inspectors.id, id), eq(inspectors.organizationId, organizationId)));
  return row;
}

export async function insertInspector(db: DbOrTx, organizationId: number, values: InspectorValues): Promise<InspectorRow> {
  const [row] = await db
    .insert(inspectors)
    .values({ ...values, organizationId })
    .returning();
  return row!;
}

export async function updateInspector(db: DbOrTx, organizationId: number, id: number, values: InspectorValues): Promise<InspectorRow | undefined> {
  const [row] = await db
    .update(inspectors)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(inspectors.id, id), eq(inspectors.organizationId, organizationId)))
    .returning();
  return row;
}

export async function deleteInspector(db: DbOrTx, organizationId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(inspectors)
    .where(and(eq(inspectors.id, id), eq(inspectors.organizationId, organizationId)))
    .returning({ id: inspectors.id });
  return rows.length > 0;
}
