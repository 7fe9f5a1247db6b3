import { and, eq, sql, type SQL } from 'drizzle-orm';
import { DUE_SOON_DAYS, UPCOMING_DAYS, type InspectionDisplayStatus } from '@shared/compliance';
import type { ComplianceResult, InspectionStatus, InspectionType } from '@shared/enums';
import type { Inspection } from '@shared/schemas/inspection';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { inspections, reminderLogs } from '../../db/schema/index';

export type InspectionRow = typeof inspections.$inferSelect;

export interface InspectionFilter {
  q?: string;
  type?: InspectionType;
  status?: InspectionDisplayStatus;
  propertyId?: number;
  from?: string;
  to?: string;
  /** Open inspections due by today + 30, overdue included (DECISIONS). */
  upcoming?: boolean;
  sort: 'due_asc' | 'due_desc' | 'created_desc' | 'property';
  limit: number;
  offset: number;
}

const OPEN = sql`i.status in ('scheduled', 'in_progress')`;

/** displayStatus in SQL: the rule of inspectionDisplayStatus in src/shared/compliance.ts. */
const displayStatusSql = (today: SQL) => sql`(case
  when ${OPEN} and i.due_date < ${today} then 'overdue'
  when ${OPEN} and i.due_date <= ${today} + ${DUE_SOON_DAYS}::int then 'due_soon'
  else i.status::text end)`;

/** A display status as conditions the (user_id, due_date) indexes can serve. */
function statusCondition(status: InspectionDisplayStatus, today: SQL): SQL {
  const soonEnd = sql`${today} + ${DUE_SOON_DAYS}::int`;
  switch (status) {
    case 'overdue':
      return sql`${OPEN} and i.due_date < ${today}`;
    case 'due_soon':
      return sql`${OPEN} and i.due_date between ${today} and ${soonEnd}`;
    case 'scheduled':
    case 'in_progress':
      return sql`i.status = ${status} and i.due_date > ${soonEnd}`;
    default:
      return sql`i.status = ${status}`;
  }
}

const ORDER: Record<InspectionFilter['sort'], SQL> = {
  due_asc: sql`i.due_date asc, i.id asc`,
  due_desc: sql`i.due_date desc, i.id desc`,
  created_desc: sql`i.created_at desc, i.id desc`,
  property: sql`lower(p.name) asc, i.due_date asc, i.id asc`,
};

type Row = {
  id: number;
  property_id: number;
  property_name: string | null;
  inspection_type: InspectionType;
  due_date: string;
  completed_date: Date | null;
  status: InspectionStatus;
  display_status: InspectionDisplayStatus;
  compliance_result: ComplianceResult | null;
  notes: string | null;
  assigned_to: string;
  reschedule_reason: string | null;
  created_at: Date;
  updated_at: Date;
  requirement_id: number | null;
  requirement_activity: string | null;
  requirement_principal: boolean | null;
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toInspection(row: Row): Inspection {
  return {
    id: row.id,
    propertyId: row.property_id,
    property: { id: row.property_id, name: row.property_name ?? 'Unknown Property' },
    inspectionType: row.inspection_type,
    dueDate: row.due_date,
    completedDate: iso(row.completed_date),
    status: row.status,
    displayStatus: row.display_status,
    complianceResult: row.compliance_result,
    notes: row.notes,
    assignedTo: row.assigned_to,
    rescheduleReason: row.reschedule_reason,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    requirement:
      row.requirement_id === null
        ? null
        : { id: row.requirement_id, activity: row.requirement_activity ?? '', principal: row.requirement_principal ?? false },
  };
}

/** A page of inspections with property names and display statuses; the page is chosen first. */
async function selectInspections(db: DbOrTx, where: SQL, today: string, order: SQL, limit: number, offset: number): Promise<Inspection[]> {
  const t = sql`${today}::date`;
  const result = await db.execute<Row>(sql`
    with page as (
      select i.id from inspections i join properties p on p.id = i.property_id
      where ${where} order by ${order} limit ${limit} offset ${offset}
    )
    select i.id, i.property_id, p.name as property_name, i.inspection_type, i.due_date, i.completed_date,
      i.status, ${displayStatusSql(t)} as display_status, i.compliance_result, i.notes, i.assigned_to,
      i.reschedule_reason, i.created_at, i.updated_at,
      r.id as requirement_id, r.activity as requirement_activity, r.principal as requirement_principal
    from page
    join inspections i on i.id = page.id
    join properties p on p.id = i.property_id
    left join requirements r on r.id = i.requirement_id
    order by ${order}`);
  return result.rows.map(toInspection);
}

export async function listInspections(db: DbOrTx, userId: number, filter: InspectionFilter, today: string) {
  const t = sql`${today}::date`;
  const conditions: SQL[] = [sql`i.user_id = ${userId}`];
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(sql`(p.name ilike ${pattern} or i.assigned_to ilike ${pattern})`);
  }
  if (filter.type) conditions.push(sql`i.inspection_type = ${filter.type}`);
  if (filter.status) conditions.push(statusCondition(filter.status, t));
  if (filter.propertyId) conditions.push(sql`i.property_id = ${filter.propertyId}`);
  if (filter.from) conditions.push(sql`i.due_date >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`i.due_date <= ${filter.to}::date`);
  if (filter.upcoming) conditions.push(sql`${OPEN} and i.due_date <= ${t} + ${UPCOMING_DAYS}::int`);
  const where = sql.join(conditions, sql` and `);
  // Only a search needs the property's name to count.
  const countFrom = filter.q ? sql`inspections i join properties p on p.id = i.property_id` : sql`inspections i`;
  const [rows, count] = await Promise.all([
    selectInspections(db, where, today, ORDER[filter.sort], filter.limit, filter.offset),
    db.execute<{ n: number }>(sql`select count(*)::int as n from ${countFrom} where ${where}`),
  ]);
  return { rows, total: count.rows[0]?.n ?? 0 };
}

export async function findInspection(db: DbOrTx, userId: number, id: number, today: string): Promise<Inspection | undefined> {
  const [inspection] = await selectInspections(db, sql`i.user_id = ${userId} and i.id = ${id}`, today, sql`i.id`, 1, 0);
  return inspection;
}

/** The row, unlocked: which property a change will touch, before it takes its locks. */
export async function findInspectionRow(db: DbOrTx, userId: number, id: number): Promise<InspectionRow | undefined> {
  const [row] = await db
    .select()
    .from(inspections)
    .where(and(eq(inspections.id, id), eq(inspections.userId, userId)));
  return row;
}

/** The row itself, locked for the rest of the transaction. */
export async function lockInspection(db: DbOrTx, userId: number, id: number): Promise<InspectionRow | undefined> {
  const [row] = await db
    .select()
    .from(inspections)
    .where(and(eq(inspections.id, id), eq(inspections.userId, userId)))
    // Its key never changes: rows that reference it (a reminder log) need not wait.
    .for('no key update');
  return row;
}

export async function insertInspection(db: DbOrTx, values: typeof inspections.$inferInsert): Promise<number> {
  const [row] = await db.insert(inspections).values(values).returning({ id: inspections.id });
  return row!.id;
}

export async function updateInspection(db: DbOrTx, id: number, values: Partial<typeof inspections.$inferInsert>): Promise<void> {
  await db
    .update(inspections)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(inspections.id, id));
}

export async function deleteInspection(db: DbOrTx, id: number): Promise<void> {
  await db.delete(inspections).where(eq(inspections.id, id));
}

export function listReminderLogs(db: DbOrTx, userId: number, inspectionId: number) {
  return db
    .select()
    .from(reminderLogs)
    .where(and(eq(reminderLogs.userId, userId), eq(reminderLogs.inspectionId, inspectionId)))
    .orderBy(reminderLogs.createdAt);
}
