import { isCodeSet } from '@shared/code-sets';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { DUE_SOON_DAYS, UPCOMING_DAYS, type InspectionDisplayStatus } from '@shared/compliance';
import type { ComplianceResult, InspectionStatus, InspectionType } from '@shared/enums';
import type { AttestationRole } from '@shared/records';
import type { ActivityBasis } from '@shared/activity-basis';
import type { Inspection } from '@shared/schemas/inspection';
import { inspectionScope, propertyScope, type Reach } from '../../access';
import type { DbOrTx } from '../../db/client';
import { searchPattern } from '../../db/like';
import { pageOfIds, preparedRows } from '../../db/prepared';
import { keptUpcomingInspectionCount, reachesWholeOrganization } from '../dashboard/dashboard-counts.queries';
import { intArray } from '../compliance/compliance-batch.queries';
import { inspections, reminderLogs } from '../../db/schema/index';

export type InspectionRow = typeof inspections.$inferSelect;

export interface InspectionFilter {
  q?: string;
  type?: InspectionType;
  status?: InspectionDisplayStatus | 'open';
  propertyId?: number;
  /** Only these properties (sorted, at most 500); ids out of reach match nothing. */
  propertyIds?: readonly number[];
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

/** A display status as conditions the (organization_id, due_date) indexes can serve. */
function statusCondition(status: InspectionDisplayStatus | 'open', today: SQL): SQL {
  const soonEnd = sql`${today} + ${DUE_SOON_DAYS}::int`;
  switch (status) {
    case 'open':
      return OPEN;
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
  completion_notes: string | null;
  assigned_to: string;
  reschedule_reason: string | null;
  created_at: Date;
  updated_at: Date;
  requirement_id: number | null;
  requirement_activity: string | null;
  requirement_principal: boolean | null;
  activity_basis: ActivityBasis;
  inspector_id: number | null;
  inspector_name: string | null;
  inspector_company: string | null;
  inspector_licence_number: string | null;
  inspector_licence_expires_on: string | null;
  inspector_licence_expired: boolean | null;
  attestation_statement: string | null;
  attestation_role: AttestationRole | null;
  attestation_name: string | null;
  attested_at: Date | null;
  deficiency_count: number;
  open_deficiency_count: number;
  retest_of_id: number | null;
  retest_of_performed_on: string | null;
  property_code_set: string;
  retest_id: number | null;
  retest_due_date: string | null;
  retest_status: InspectionStatus | null;
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
    completionNotes: row.completion_notes,
    assignedTo: row.assigned_to,
    rescheduleReason: row.reschedule_reason,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    requirement:
      row.requirement_id === null
        ? null
        : { id: row.requirement_id, activity: row.requirement_activity ?? '', principal: row.requirement_principal ?? false },
    activityBasis: row.activity_basis,
    inspector:
      row.inspector_name === null
        ? null
        : {
            id: row.inspector_id,
            name: row.inspector_name,
            company: row.inspector_company,
            licenceNumber: row.inspector_licence_number,
            licenceExpiresOn: row.inspector_licence_expires_on,
            licenceExpired: row.inspector_licence_expired ?? false,
          },
    attestation:
      row.attestation_statement && row.attestation_name && row.attested_at
        ? {
            role: row.attestation_role ?? 'performer',
            statement: row.attestation_statement,
            typedName: row.attestation_name,
            // A performer signs for the work; a recorder's statement names who did it.
            performedBy: row.attestation_role === 'recorder' ? (row.inspector_name ?? row.assigned_to) : row.attestation_name,
            attestedAt: iso(row.attested_at)!,
          }
        : null,
    deficiencyCount: row.deficiency_count,
    openDeficiencyCount: row.open_deficiency_count,
    retestOf:
      row.retest_of_id === null
        ? null
        : { id: row.retest_of_id, performedOn: row.retest_of_performed_on, codeSet: isCodeSet(row.property_code_set) ? row.property_code_set : 'us-nfpa' },
    retest: row.retest_id === null ? null : { id: row.retest_id, dueDate: row.retest_due_date!, status: row.retest_status! },
  };
}

/**
 * A page of inspections with property names and display statuses. Two statements: the page's
 * ids (joined to properties only when `byProperty`: a search or the property order reads `p`,
 * so the upcoming page reads its ids from inspections_open_due_idx alone), then their rows by
 * id. The second, the one with many joins, takes the ids through `pageOfIds`, so PostgreSQL
 * plans it once per connection (a generic plan) instead of on every read, where planning it
 * cost more than running it (about 1.7 of 2.3 ms at 100,000 properties).
 */
async function selectInspections(
  db: DbOrTx,
  where: SQL,
  today: string,
  order: SQL,
  limit: number,
  offset: number,
  byProperty = false,
): Promise<Inspection[]> {
  const t = sql`${today}::date`;
  const pageFrom = byProperty ? sql`inspections i join properties p on p.id = i.property_id` : sql`inspections i`;
  const page = await preparedRows<{ id: number }>(db, sql`select i.id from ${pageFrom} where ${where} order by ${order} limit ${limit} offset ${offset}`);
  if (page.length === 0) return [];
  const rows = await preparedRows<Row>(db, sql`
    select i.id, i.property_id, p.name as property_name, i.inspection_type, i.due_date, i.completed_date,
      i.status, ${displayStatusSql(t)} as display_status, i.compliance_result, i.notes, i.completion_notes, i.assigned_to,
      i.reschedule_reason, i.created_at, i.updated_at,
      r.id as requirement_id, r.activity as requirement_activity, r.principal as requirement_principal, i.activity_basis,
      ins.id as inspector_id,
      -- Without an inspector record, a signer who performed it is its inspector.
      case when ins.id is not null then ins.name when i.attestation_role = 'performer' then i.attestation_name
        when i.attestation_name is not null or i.inspector_licence_number is not null then i.assigned_to end as inspector_name,
      ins.company as inspector_company,
      lic.number as inspector_licence_number, to_char(lic.expires_on, 'YYYY-MM-DD') as inspector_licence_expires_on,
      lic.expires_on < coalesce((i.completed_date at time zone org.time_zone)::date, ${t}) as inspector_licence_expired,
      i.attestation_statement, i.attestation_role, i.attestation_name, i.attested_at,
      coalesce(d.total, 0)::int as deficiency_count, coalesce(d.open, 0)::int as open_deficiency_count,
      i.retest_of_id, to_char(((select fo.completed_date from inspections fo where fo.id = i.retest_of_id) at time zone org.time_zone)::date, 'YYYY-MM-DD')
        as retest_of_performed_on, p.code_set as property_code_set,
      rt.id as retest_id, to_char(rt.due_date, 'YYYY-MM-DD') as retest_due_date, rt.status as retest_status
    from ${pageOfIds(page.map((row) => row.id))}
    join inspections i on i.id = page.id
    join properties p on p.id = i.property_id
    join organizations org on org.id = i.organization_id
    left join requirements r on r.id = i.requirement_id
    left join inspectors ins on ins.id = i.inspector_id
    -- A failure's re-test (inspections_retest_of_idx: one at most), and in the select list the
    -- failure a re-test re-tests. A subquery each rather than joins: fewer joins for the planner
    -- to order, which it does for every page read (about 3 ms of the upcoming page's 4 at 100,000 properties).
    left join lateral (select rt.id, rt.due_date, rt.status from inspections rt where rt.retest_of_id = i.id limit 1) rt on true
    -- A completed inspection keeps the licence recorded when it was completed.
    cross join lateral (
      select case when i.status = 'completed' then i.inspector_licence_number else ins.licence_number end as number,
        case when i.status = 'completed' then i.inspector_licence_expires_on else ins.licence_expires_on end as expires_on
    ) lic
    left join lateral (
      select count(*) as total, count(*) filter (where df.corrected_on is null) as open
      from deficiencies df where df.inspection_id = i.id
    ) d on true
    order by page.n`);
  return rows.map(toInspection);
}

/** The inspections the caller reaches (server/access.ts); `i` is the inspections alias. */
const reached = (reach: Reach, i = sql`i`) =>
  sql`${i}.organization_id = ${reach.id} and ${propertyScope(reach, sql`${i}.property_id`)} and ${inspectionScope(reach, sql`${i}.inspector_id`)}`;

function listCondition(reach: Reach, filter: InspectionFilter, today: string): SQL {
  const t = sql`${today}::date`;
  const conditions: SQL[] = [reached(reach)];
  if (filter.q) {
    const pattern = searchPattern(filter.q);
    conditions.push(sql`(p.search_name like ${pattern} or i.search_assignee like ${pattern})`);
  }
  if (filter.type) conditions.push(sql`i.inspection_type = ${filter.type}`);
  if (filter.status) conditions.push(statusCondition(filter.status, t));
  if (filter.propertyId) conditions.push(sql`i.property_id = ${filter.propertyId}`);
  if (filter.propertyIds) conditions.push(sql`i.property_id = any(${intArray(filter.propertyIds)})`);
  if (filter.from) conditions.push(sql`i.due_date >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`i.due_date <= ${filter.to}::date`);
  if (filter.upcoming) conditions.push(sql`${OPEN} and i.due_date <= ${t} + ${UPCOMING_DAYS}::int`);
  return sql.join(conditions, sql` and `);
}

export function listInspectionsPage(db: DbOrTx, reach: Reach, filter: InspectionFilter, today: string): Promise<Inspection[]> {
  const byProperty = Boolean(filter.q) || filter.sort === 'property';
  return selectInspections(db, listCondition(reach, filter, today), today, ORDER[filter.sort], filter.limit, filter.offset, byProperty);
}

export async function countInspections(db: DbOrTx, reach: Reach, filter: InspectionFilter, today: string): Promise<number> {
  // Upcoming as a whole organisation first sees it, unfiltered: summed from the counts kept by due day.
  const unfiltered = !filter.q && !filter.type && !filter.status && !filter.propertyId && !filter.propertyIds && !filter.from && !filter.to;
  if (filter.upcoming && unfiltered && reachesWholeOrganization(reach)) return keptUpcomingInspectionCount(db, reach.id, today);
  // Only a search needs the property's name to count.
  const countFrom = filter.q ? sql`inspections i join properties p on p.id = i.property_id` : sql`inspections i`;
  const [row] = await preparedRows<{ n: number }>(db, sql`select count(*)::int as n from ${countFrom} where ${listCondition(reach, filter, today)}`);
  return row?.n ?? 0;
}

export async function findInspection(db: DbOrTx, reach: Reach, id: number, today: string): Promise<Inspection | undefined> {
  const [inspection] = await selectInspections(db, sql`${reached(reach)} and i.id = ${id}`, today, sql`i.id`, 1, 0);
  return inspection;
}

/** The row, unlocked: which property a change will touch, before it takes its locks. */
export async function findInspectionRow(db: DbOrTx, reach: Reach, id: number): Promise<InspectionRow | undefined> {
  const [row] = await db
    .select()
    .from(inspections)
    .where(and(eq(inspections.id, id), reached(reach, sql`${inspections}`)));
  return row;
}

/** The row itself, locked for the rest of the transaction. */
export async function lockInspection(db: DbOrTx, reach: Reach, id: number): Promise<InspectionRow | undefined> {
  const [row] = await db
    .select()
    .from(inspections)
    .where(and(eq(inspections.id, id), reached(reach, sql`${inspections}`)))
    // Its key never changes: rows that reference it (a reminder log) need not wait.
    .for('no key update');
  return row;
}

/**
 * How an inspection's activity is known when none was named: with several active requirements
 * of its type at the property it counts for the principal one without saying so (not stated);
 * with one there was nothing to choose. With none (its answers rule every one out) it counts
 * for one that is switched off, which is a guess too: not stated, so it is shown as such.
 */
export async function basisWithoutNaming(db: DbOrTx, propertyId: number, itemType: InspectionType): Promise<ActivityBasis> {
  const [row] = await preparedRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from requirements r where r.property_id = ${propertyId} and r.item_type = ${itemType} and r.active`,
  );
  return (row?.n ?? 0) === 1 ? 'stated' : 'not_stated';
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

export interface ReminderLogRow {
  id: number;
  reminder_type: string;
  due_date: string;
  email_sent: boolean;
  sent_at: Date | null;
  reminder_count: number;
  next_scheduled_at: Date | null;
  created_at: Date;
  /** The latest e-mails of this reminder (an overdue one repeats): their addresses, and what became of the first. */
  mail_status: 'pending' | 'sent' | 'logged' | 'failed' | 'held' | 'suppressed' | null;
  mail_to: string | null;
  mail_subject: string | null;
  mail_queued_at: Date | null;
}

/** An inspection's reminders, each with what became of its latest e-mail (the outbox row that reports on it). */
export async function listReminderLogs(db: DbOrTx, organizationId: number, inspectionId: number): Promise<ReminderLogRow[]> {
  const result = await db.execute<ReminderLogRow & Record<string, unknown>>(sql`
    select l.id, l.reminder_type, to_char(l.due_date, 'YYYY-MM-DD') as due_date, l.email_sent, l.sent_at, l.reminder_count,
           l.next_scheduled_at, l.created_at,
           o.status as mail_status, o.to_address as mail_to, o.subject as mail_subject, o.created_at as mail_queued_at
    from ${reminderLogs} l
    -- The latest send (an overdue reminder repeats) went to every recipient in one transaction, so at one created_at:
    -- its addresses in the order queued, and the first recipient's (the owner's) status and subject.
    left join lateral (
      select (array_agg(o.status order by o.id))[1] as status, string_agg(o.to_address, ', ' order by o.id) as to_address,
             (array_agg(o.subject order by o.id))[1] as subject, max(o.created_at) as created_at
      from email_outbox o
      where o.reference_id = l.id and o.kind like 'reminder\\_%'
        and o.created_at = (select max(o2.created_at) from email_outbox o2 where o2.reference_id = l.id and o2.kind like 'reminder\\_%')
    ) o on true
    where l.organization_id = ${organizationId} and l.inspection_id = ${inspectionId}
    order by l.created_at, l.id`);
  return result.rows;
}
