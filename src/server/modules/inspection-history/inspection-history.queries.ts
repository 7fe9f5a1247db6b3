import { sql, type SQL } from 'drizzle-orm';
import { INSPECTION_TYPE_LABELS, INSPECTION_TYPES, type ComplianceResult, type InspectionType } from '@shared/enums';
import type { LastDoneEntry } from '@shared/schemas/inspection-history';
import { propertyScope, type Reach } from '../../access';
import type { DbOrTx } from '../../db/client';
import { countsFromADaySql, unknownDueSql } from '../compliance/counts-from.sql';
import { searchPattern } from '../../db/like';
import { preparedRows } from '../../db/prepared';
import { intArray } from '../compliance/compliance-batch.queries';
import { OPEN_STATUSES } from '../compliance/compliance.sql';
import { nextDueFromSql, requirementWindow } from '../compliance/due-window.sql';
import { appliesSql, itemAnswersSql } from '../requirements/library/applies.sql';

/**
 * The SQL of recording past inspections. Every statement takes the whole file at once (rows
 * travel as one JSON parameter, read with json_to_recordset), so 10,000 rows are a handful of
 * statements, never one per row.
 */

const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;

/** One way of reading what a row wrote in its property column. */
export interface PropertyCandidate {
  /** Which written text it reads. */
  k: number;
  /** The property's id, when the text is a number. */
  id: number | null;
  /** The text before a comma (or the whole text), compared with the name. */
  name: string | null;
  /** The text after that comma, compared with the start of the address. */
  address: string | null;
}

export interface PropertyHit {
  k: number;
  how: 'id' | 'name' | 'name_address';
  property_id: number;
  property_name: string;
}

/**
 * The reachable properties each candidate names: by id; by name across case and accents (the
 * search_name column search uses); by name and the start of the address ("Harbor View, 100
 * Harbor Way"), punctuation aside. Properties out of the caller's reach are never returned, so
 * a row naming one reads exactly as a row naming nothing.
 */
export async function findProperties(db: DbOrTx, reach: Reach, candidates: PropertyCandidate[]): Promise<PropertyHit[]> {
  if (!candidates.length) return [];
  const scope = sql`p.organization_id = ${reach.id} and ${propertyScope(reach, sql`p.id`)}`;
  // Letters and digits only, single spaces: "100 Harbor Way, Boston" starts "100 harbor way boston ...".
  const plain = (value: SQL) => sql`trim(regexp_replace(${value}, '[^[:alnum:]]+', ' ', 'g'))`;
  const result = await db.execute<PropertyHit & Record<string, unknown>>(sql`
    with c as (
      select k, id, firemark_search_fold(name) as name, ${plain(sql`firemark_search_fold(address)`)} as address
      from json_to_recordset(${json(candidates)}) as x(k int, id int, name text, address text)
    )
    select c.k, 'id' as how, p.id as property_id, p.name as property_name
    from c join properties p on p.id = c.id
    where c.id is not null and ${scope}
    union all
    select c.k, case when c.address is null then 'name' else 'name_address' end, p.id, p.name
    from c join properties p on p.search_name = c.name
    where c.name is not null and ${scope}
      and (c.address is null or (c.address <> '' and starts_with(${plain(sql`p.search_address`)}, c.address)))`);
  return result.rows;
}

export interface RequirementCandidate {
  id: number;
  library_id: number | null;
  property_id: number;
  property_name: string;
  item_type: InspectionType;
  activity: string;
  principal: boolean;
  active: boolean;
  interval_months: number | null;
  interval_days: number | null;
  last_done_on: string | null;
  next_due_date: string;
  sort_order: number;
}

const requirementColumns = sql`r.id, r.library_id, r.property_id, p.name as property_name, r.item_type, r.activity, r.principal, r.active,
  r.interval_months, r.interval_days, to_char(r.last_done_on, 'YYYY-MM-DD') as last_done_on,
  to_char(r.next_due_date, 'YYYY-MM-DD') as next_due_date, coalesce(l.sort_order, 1000) as sort_order`;

/** The requirements the grid names by id, of properties the caller reaches. */
export async function findRequirementsById(db: DbOrTx, reach: Reach, ids: number[]): Promise<RequirementCandidate[]> {
  if (!ids.length) return [];
  const result = await db.execute<RequirementCandidate & Record<string, unknown>>(sql`
    select ${requirementColumns}
    from requirements r join properties p on p.id = r.property_id left join requirement_library l on l.id = r.library_id
    where r.id = any(${intArray(ids)}) and r.organization_id = ${reach.id} and ${propertyScope(reach, sql`r.property_id`)}`);
  return result.rows;
}

/** Every requirement of these safety items (properties already matched, so within reach), in the library's order. */
export async function requirementsOfItems(db: DbOrTx, organizationId: number, items: { propertyId: number; itemType: InspectionType }[]): Promise<RequirementCandidate[]> {
  if (!items.length) return [];
  const result = await db.execute<RequirementCandidate & Record<string, unknown>>(sql`
    select ${requirementColumns}
    from (select distinct property_id, item_type from json_to_recordset(${json(items.map((i) => ({ property_id: i.propertyId, item_type: i.itemType })))}) as x(property_id int, item_type text)) x
    join requirements r on r.property_id = x.property_id and r.item_type = x.item_type::inspection_type
    join properties p on p.id = r.property_id left join requirement_library l on l.id = r.library_id
    where r.organization_id = ${organizationId}
    order by r.property_id, r.item_type, coalesce(l.sort_order, 1000), r.id`);
  return result.rows;
}

export interface LibraryEntry {
  /** The property whose code set it is of. */
  property_id: number;
  id: number;
  item_type: InspectionType;
  activity: string;
  principal: boolean;
  interval_months: number | null;
  interval_days: number | null;
  sort_order: number;
}

/** The library rows each of these properties would get: those of its code set (issue 37 §3). */
export async function libraryEntries(db: DbOrTx, propertyIds: readonly number[]): Promise<LibraryEntry[]> {
  const result = await db.execute<LibraryEntry & Record<string, unknown>>(sql`
    select p.id as property_id, l.id, l.item_type, l.activity, l.principal, l.interval_months, l.interval_days, l.sort_order
    from properties p join requirement_library l on l.code_set = p.code_set and not l.retired
    where p.id = any(${`{${propertyIds.join(',')}}`}::int[])
    order by p.id, l.item_type, l.sort_order, l.id`);
  return result.rows;
}

/**
 * The next due date after `day`, as settle counts it (PostgreSQL's month arithmetic; the day a
 * code's window closes for a requirement that keeps its library row's windowed interval).
 */
export async function addIntervals(
  db: DbOrTx,
  items: { k: number; day: string; library_id: number | null; interval_months: number | null; interval_days: number | null }[],
): Promise<Map<number, string>> {
  if (!items.length) return new Map();
  const result = await db.execute<{ k: number; due: string }>(sql`
    select x.k, to_char(${nextDueFromSql('x', requirementWindow('x'), sql`x.day`)}, 'YYYY-MM-DD') as due
    from json_to_recordset(${json(items)}) as x(k int, day date, library_id int, interval_months int, interval_days int)`);
  return new Map(result.rows.map((r) => [r.k, r.due]));
}

/**
 * Gives properties the safety items the history names and they do not have yet: the
 * library's requirements of each type. When they were last done is not known (issue 35 §1):
 * each is due today and marked so, until the history's rows (settled next) say otherwise.
 * Inspections of those types that name no requirement then count for the principal one.
 */
export async function addSafetyItems(
  db: DbOrTx,
  organizationId: number,
  items: { propertyId: number; itemType: InspectionType }[],
  today: string,
  changedBy: string,
): Promise<void> {
  if (!items.length) return;
  const pairs = json(items.map((i) => ({ property_id: i.propertyId, item_type: i.itemType })));
  // Each added requirement's change history says so, as adding the item by hand does ("Added with
  // Fire Extinguishers; last done not known"), in the same statement.
  const labels = json(INSPECTION_TYPES.map((t) => ({ item_type: t, label: INSPECTION_TYPE_LABELS[t] })));
  await db.execute(sql`
    with pairs as (
      select distinct x.property_id, x.item_type::inspection_type as item_type from json_to_recordset(${pairs}) as x(property_id int, item_type text)
    ),
    added as (
    insert into requirements (organization_id, property_id, item_type, library_id, activity, interval_months, interval_days, source, note, principal,
      next_due_date, last_done_unknown, next_due_estimated)
    select ${organizationId}, pairs.property_id, l.item_type, l.id, l.activity, l.interval_months, l.interval_days, l.source, l.note, l.principal,
      ${unknownDueSql('l', today)}, true, ${countsFromADaySql('l')}
    from pairs join properties p on p.id = pairs.property_id
    join requirement_library l on l.item_type = pairs.item_type and l.code_set = p.code_set and not l.retired
      and ${appliesSql('l', itemAnswersSql(sql`pairs.property_id`, sql`pairs.item_type`))}
    where not exists (select 1 from requirements r where r.property_id = pairs.property_id and r.item_type = pairs.item_type)
    order by pairs.property_id, l.sort_order
    on conflict do nothing
    returning id, property_id, item_type
    ),
    labels as (select * from json_to_recordset(${labels}) as x(item_type text, label text))
    insert into requirement_changes (organization_id, property_id, requirement_id, kind, detail, reason, changed_by, created_at)
    select ${organizationId}, a.property_id, a.id, 'item_added', 'Added with ' || labels.label || '; last done not known', null, ${changedBy}, now()
    from added a join labels on labels.item_type = a.item_type::text
    order by a.id`);
  await db.execute(sql`
    update inspections i set requirement_id = r.id
    from json_to_recordset(${pairs}) as x(property_id int, item_type text)
    join requirements r on r.property_id = x.property_id and r.item_type = x.item_type::inspection_type and r.principal
    where i.property_id = x.property_id and i.inspection_type = x.item_type::inspection_type and i.requirement_id is null`);
}

/** The assignee of a history row that names no inspector (an inspection always has one). */
export const NO_INSPECTOR = 'Not recorded';
/** The next inspection's assignee when the history named nobody. */
export const NEXT_UNASSIGNED = 'To be assigned';

export interface HistoryInsert {
  property_id: number;
  item_type: InspectionType;
  requirement_id: number;
  performed_on: string;
  result: ComplianceResult;
  assigned_to: string;
  /** The account's inspector, when an inspector member records their own history. */
  inspector_id: number | null;
  notes: string | null;
  /** The row named its activity (or requirement); without one it counts for the principal one unsaid. */
  activity_stated: boolean;
}

/**
 * The rows as completed inspections, performed at noon of their day in the organisation's
 * zone (as a completion dated that day is), due that day, marked as recorded from history.
 * Returns their ids in the order of the rows.
 */
export async function insertCompletions(db: DbOrTx, organizationId: number, rows: HistoryInsert[]): Promise<number[]> {
  if (!rows.length) return [];
  const result = await db.execute<{ id: number }>(sql`
    insert into inspections (organization_id, property_id, inspection_type, requirement_id, due_date, completed_date, status, compliance_result,
      completion_notes, assigned_to, inspector_id, recorded_from_history, activity_basis)
    select ${organizationId}, x.property_id, x.item_type::inspection_type, x.requirement_id, x.performed_on,
      (x.performed_on + time '12:00') at time zone o.time_zone, 'completed', x.result::compliance_result, x.notes, x.assigned_to, x.inspector_id, true,
      -- A row naming no activity of a type with several is "activity not stated" (issue 37).
      case when x.activity_stated or (select count(*) from requirements r
        where r.property_id = x.property_id and r.item_type = x.item_type::inspection_type and r.active) <= 1
        then 'stated' else 'not_stated' end::activity_basis
    from json_to_recordset(${json(rows.map((r, n) => ({ ...r, n })))}) as x(property_id int, item_type text, requirement_id int, performed_on date, result text, assigned_to text, inspector_id int, notes text, activity_stated boolean, n int)
    join organizations o on o.id = ${organizationId}
    order by x.n
    returning id`);
  return result.rows.map((r) => r.id);
}

/**
 * For each row, a completion already recorded with the same requirement, day performed (in the
 * organisation's zone) and result: the first such, or none. The inspection a row replaces does
 * not count. Reads each property's inspections by inspections_property_due_idx.
 */
export async function findRecorded(
  db: DbOrTx,
  organizationId: number,
  rows: { k: number; property_id: number; requirement_id: number; day: string; result: ComplianceResult; replaces: number | null }[],
): Promise<Map<number, number>> {
  if (!rows.length) return new Map();
  const result = await db.execute<{ k: number; id: number }>(sql`
    select x.k, min(i.id) as id
    from json_to_recordset(${json(rows)}) as x(k int, property_id int, requirement_id int, day date, result text, replaces int)
    join inspections i on i.property_id = x.property_id and i.requirement_id = x.requirement_id
    join organizations o on o.id = i.organization_id
    where i.organization_id = ${organizationId} and i.status = 'completed' and i.completed_date is not null
      and i.compliance_result = x.result::compliance_result
      and (i.completed_date at time zone o.time_zone)::date = x.day
      and i.id is distinct from x.replaces
    group by x.k`);
  return new Map(result.rows.map((r) => [r.k, r.id]));
}

/**
 * Of these ids, the inspections a correction may replace, with their requirement: completed,
 * recorded from history, of this organisation, with no deficiencies; for an inspector member,
 * only ones recorded as themselves.
 */
export async function replaceableInspections(db: DbOrTx, reach: Reach, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const own = reach.role === 'inspector' ? sql`and i.inspector_id = ${reach.inspectorId ?? 0}` : sql``;
  const result = await db.execute<{ id: number; requirement_id: number }>(sql`
    select i.id, i.requirement_id from inspections i
    where i.id = any(${intArray(ids)}) and i.organization_id = ${reach.id} and i.status = 'completed' and i.recorded_from_history
      and i.requirement_id is not null ${own}
      and not exists (select 1 from deficiencies d where d.inspection_id = i.id)`);
  return new Map(result.rows.map((r) => [r.id, r.requirement_id]));
}

/** Deletes the inspections corrections replace (checked by replaceableInspections first). */
export async function deleteReplaced(db: DbOrTx, organizationId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`delete from inspections where organization_id = ${organizationId} and id = any(${intArray(ids)})`);
}

/**
 * After a correction: an open inspection that was waiting on the requirement's former next due
 * date (the one recurrence scheduled from the replaced completion, not started) moves to the
 * next due date counted from what remains.
 */
export async function moveScheduledNext(db: DbOrTx, before: { requirementId: number; nextDueDate: string }[]): Promise<void> {
  if (!before.length) return;
  await db.execute(sql`
    update inspections i set due_date = r.next_due_date, updated_at = now()
    from json_to_recordset(${json(before.map((b) => ({ requirement_id: b.requirementId, due: b.nextDueDate })))}) as x(requirement_id int, due date)
    join requirements r on r.id = x.requirement_id
    where i.requirement_id = x.requirement_id and i.status = 'scheduled' and i.due_date = x.due and r.next_due_date <> x.due`);
}

/**
 * The one next inspection of each requirement whose latest completion came from the history,
 * on its next due date, assigned as that completion was: only where it is active, schedules
 * itself and has nothing open, soonest first, at most `room` (the plan's open inspections).
 * Returns the requirements it scheduled.
 */
export async function scheduleNext(db: DbOrTx, organizationId: number, latest: { requirementId: number; inspectionId: number }[], room: number): Promise<number[]> {
  if (!latest.length || room <= 0) return [];
  // The flag that settle keeps is set here for what this statement schedules, in the same statement.
  const result = await db.execute<{ id: number }>(sql`
    with scheduled as (
      insert into inspections (organization_id, property_id, inspection_type, requirement_id, due_date, assigned_to, inspector_id, status)
      select ${organizationId}, r.property_id, r.item_type, r.id, r.next_due_date,
        case when i.assigned_to = ${NO_INSPECTOR} then ${NEXT_UNASSIGNED} else i.assigned_to end, i.inspector_id, 'scheduled'
      from json_to_recordset(${json(latest.map((l) => ({ requirement_id: l.requirementId, inspection_id: l.inspectionId })))}) as x(requirement_id int, inspection_id int)
      join requirements r on r.id = x.requirement_id
      join inspections i on i.id = x.inspection_id
      where r.active and r.auto_schedule
        and not exists (select 1 from inspections o where o.requirement_id = r.id and o.status in ${OPEN_STATUSES})
      order by r.next_due_date, r.id
      limit ${Number.isFinite(room) ? room : null}
      returning requirement_id
    )
    update requirements r set has_open_inspection = true from scheduled where r.id = scheduled.requirement_id
    returning r.id`);
  return result.rows.map((r) => r.id);
}

export interface RequirementState {
  requirementId: number;
  propertyId: number;
  lastDoneOn: string | null;
  lastResult: ComplianceResult | null;
  nextDueDate: string;
  lastDoneKnown: boolean;
}

export async function requirementStates(db: DbOrTx, ids: number[]): Promise<RequirementState[]> {
  if (!ids.length) return [];
  const result = await db.execute<RequirementState & Record<string, unknown>>(sql`
    select r.id as "requirementId", r.property_id as "propertyId", to_char(r.last_done_on, 'YYYY-MM-DD') as "lastDoneOn",
      r.last_result as "lastResult", to_char(r.next_due_date, 'YYYY-MM-DD') as "nextDueDate",
      (r.last_done_on is not null or not r.last_done_unknown) as "lastDoneKnown"
    from requirements r where r.id = any(${intArray(ids)}) order by r.property_id, r.item_type, r.id`);
  return result.rows;
}

export interface LastDoneFilter {
  q?: string;
  type?: InspectionType;
  propertyId?: number;
  limit: number;
  offset: number;
}

/**
 * The grid's rows: the active requirements of the properties the caller reaches, by property
 * name, then id, type and the library's order. Walked in the order of properties_org_name_idx
 * (organization_id, lower(name)), so a page reads its properties and their requirements
 * (requirements_property_type_idx) and stops, whatever the portfolio's size.
 */
export async function listLastDone(db: DbOrTx, reach: Reach, filter: LastDoneFilter): Promise<[LastDoneEntry[], number]> {
  const conditions: SQL[] = [sql`p.organization_id = ${reach.id}`, propertyScope(reach, sql`p.id`), sql`r.active`];
  if (filter.type) conditions.push(sql`r.item_type = ${filter.type}`);
  if (filter.propertyId) conditions.push(sql`p.id = ${filter.propertyId}`);
  if (filter.q) {
    const pattern = searchPattern(filter.q);
    conditions.push(sql`(p.search_name like ${pattern} or p.search_address like ${pattern} or r.search_activity like ${pattern})`);
  }
  const where = sql.join(conditions, sql` and `);
  const [rows, count] = await Promise.all([
    preparedRows<LastDoneEntry>(
      db,
      sql`
      select r.id as "requirementId", p.id as "propertyId", p.name as "propertyName",
        concat_ws(', ', p.address_line1, p.city, p.state || ' ' || p.zip) as "propertyAddress",
        r.item_type as "itemType", r.activity, r.principal,
        to_char(r.last_done_on, 'YYYY-MM-DD') as "lastDoneOn", r.last_result as "lastResult",
        (r.last_done_on is not null or not r.last_done_unknown) as "lastDoneKnown",
        to_char(r.last_done_stated_on, 'YYYY-MM-DD') as "lastDoneStatedOn",
        to_char(r.next_due_date, 'YYYY-MM-DD') as "nextDueDate",
        -- As the requirements list says it (requirements.queries.ts): guessed, until something counts from a known day.
        (r.last_done_on is null and r.next_due_estimated and not r.has_open_inspection) as "nextDueEstimated"
      from properties p
      join requirements r on r.property_id = p.id
      left join requirement_library l on l.id = r.library_id
      where ${where}
      order by lower(p.name), p.name, p.id, r.item_type, coalesce(l.sort_order, 1000), r.id
      limit ${filter.limit} offset ${filter.offset}`,
    ),
    preparedRows<{ n: number }>(db, sql`select count(*)::int as n from properties p join requirements r on r.property_id = p.id where ${where}`),
  ]);
  return [rows, count[0]?.n ?? 0];
}
