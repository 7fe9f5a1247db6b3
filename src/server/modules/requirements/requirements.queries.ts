import { sql, type SQL } from 'drizzle-orm';
import { effectiveItemStatus, UPCOMING_DAYS, addDays } from '@shared/compliance';
import type { CodeSet } from '@shared/code-sets';
import type { ComplianceResult, InspectionType } from '@shared/enums';
export type ChangeKind = RequirementChangeKind;
import {
  unscheduledDisplayStatus,
  type CountsFrom,
  type LibraryRequirement,
  type Requirement,
  type RequirementChange,
  type RequirementChangeKind,
  type UnscheduledRequirement,
} from '@shared/schemas/requirement';
import { propertyScope, type Reach } from '../../access';
import type { DbOrTx } from '../../db/client';
import { searchPattern } from '../../db/like';
import { preparedRows } from '../../db/prepared';
import { intArray } from '../compliance/compliance-batch.queries';
import { AVERAGE_MONTH_DAYS } from '@shared/intervals';
import { intervalSql, OPEN_STATUSES, unscheduledSql } from '../compliance/compliance.sql';
import { nextDueFromSql, requirementWindow, windowOpensFromSql } from '../compliance/due-window.sql';
import { dueFromStatedSql, requirementFirstAfterSql } from '../compliance/counts-from.sql';
import { appliesSql, itemAnswersSql } from './library/applies.sql';

const LIBRARY_COLUMNS = sql`l.id, l.item_type as "itemType", l.activity, l.interval_months as "intervalMonths", l.interval_days as "intervalDays",
  l.source, l.note, l.principal, l.sort_order as "sortOrder", l.applies_when as "appliesWhen", l.counts_from as "countsFrom",
  case when l.counts_from in ('installation', 'manufacture') then l.first_after_months end as "firstAfterMonths"`;

/** A code set's library, as rows in use (retired ones are kept only for what was made from them). */
export async function listLibrary(db: DbOrTx, codeSet: CodeSet = 'us-nfpa'): Promise<LibraryRequirement[]> {
  const result = await db.execute<LibraryRequirement & Record<string, unknown>>(sql`
    select ${LIBRARY_COLUMNS} from requirement_library l
    where l.code_set = ${codeSet} and not l.retired order by l.item_type, l.sort_order, l.id`);
  return result.rows;
}

/** The library rows a property gets for a safety item: its code set's, as far as its answers about the item let them apply. */
export async function libraryFor(db: DbOrTx, propertyId: number, itemType: InspectionType): Promise<LibraryRequirement[]> {
  const result = await db.execute<LibraryRequirement & Record<string, unknown>>(sql`
    select ${LIBRARY_COLUMNS} from requirement_library l join properties p on p.id = ${propertyId} and p.code_set = l.code_set
    where l.item_type = ${itemType} and not l.retired and ${appliesSql('l', itemAnswersSql(propertyId, itemType))}
    order by l.sort_order, l.id`);
  return result.rows;
}

type Row = {
  id: number;
  property_id: number;
  item_type: InspectionType;
  library_id: number | null;
  activity: string;
  interval_months: number | null;
  interval_days: number | null;
  source: string | null;
  note: string | null;
  principal: boolean;
  active: boolean;
  applies: boolean;
  auto_schedule: boolean;
  last_done_on: string | null;
  last_result: ComplianceResult | null;
  last_done_stated_on: string | null;
  counts_from: CountsFrom | null;
  last_done_unknown: boolean;
  next_due_date: string;
  window_opens_on: string | null;
  nominal_due_date: string | null;
  next_due_estimated: boolean;
  has_open_inspection: boolean;
  open_inspection: { id: number; dueDate: string } | null;
  changes: RequirementChange[];
  code_interval_months: number | null;
  code_interval_days: number | null;
  below_code_minimum: boolean;
  below_code_minimum_reason: string | null;
};

function toRequirement(row: Row, today: string): Requirement {
  return {
    id: row.id,
    propertyId: row.property_id,
    itemType: row.item_type,
    libraryId: row.library_id,
    activity: row.activity,
    intervalMonths: row.interval_months,
    intervalDays: row.interval_days,
    source: row.source,
    note: row.note,
    principal: row.principal,
    active: row.active,
    applies: row.applies,
    autoSchedule: row.auto_schedule,
    lastDoneOn: row.last_done_on,
    lastResult: row.last_result,
    lastDoneStatedOn: row.last_done_on ? null : row.last_done_stated_on,
    lastDoneKnown: row.last_done_on !== null || !row.last_done_unknown,
    countsFrom: row.counts_from ?? 'last_done',
    nextDueDate: row.next_due_date,
    windowOpensOn: row.window_opens_on,
    nominalDueDate: row.window_opens_on ? row.nominal_due_date : null,
    // A date an open inspection sets is that inspection's, not a guess.
    nextDueEstimated: row.last_done_on === null && row.next_due_estimated && !row.has_open_inspection,
    status: effectiveItemStatus({ status: row.last_result ?? 'never_inspected', nextDueDate: row.next_due_date }, today),
    dueNotScheduled: row.active && !row.has_open_inspection && row.next_due_date <= addDays(today, UPCOMING_DAYS),
    openInspection: row.open_inspection,
    changes: row.changes.map((c) => ({ ...c, createdAt: new Date(c.createdAt).toISOString() })),
    codeInterval: row.library_id === null ? null : { intervalMonths: row.code_interval_months, intervalDays: row.code_interval_days },
    belowCodeMinimum: row.below_code_minimum,
    belowCodeMinimumReason: row.below_code_minimum ? row.below_code_minimum_reason : null,
  };
}

/** An interval's length in days for comparing, in SQL: intervalLengthDays in src/shared/intervals.ts. */
const intervalLengthSql = (alias: string) => {
  const a = sql.raw(alias);
  return sql`coalesce(${a}.interval_months * ${AVERAGE_MONTH_DAYS}::numeric, ${a}.interval_days)`;
};

/** With a window, the day to aim for: the last day done (or given) plus the interval; due-window.sql.ts. */
const nominalDueSql = (alias: string) => {
  const r = sql.raw(alias);
  return sql`case when ${r}.window_opens_on is not null then (coalesce(${r}.last_done_on, ${r}.last_done_stated_on) + ${intervalSql(alias)})::date end`;
};

/** A property's requirements (all of the account's, by type then library order), with their open inspection and changes. */
export async function listRequirements(db: DbOrTx, reach: Reach, where: SQL, today: string): Promise<Requirement[]> {
  const result = await db.execute<Row & Record<string, unknown>>(sql`
    select r.id, r.property_id, r.item_type, r.library_id, r.activity, r.interval_months, r.interval_days, r.source, r.note,
      r.principal, r.active, r.applies, r.auto_schedule, r.last_done_on, r.last_result, r.next_due_date, r.has_open_inspection,
      r.last_done_stated_on, r.last_done_unknown, r.next_due_estimated, r.window_opens_on, ${nominalDueSql('r')} as nominal_due_date,
      (select json_build_object('id', oi.id, 'dueDate', oi.due_date) from inspections oi
        where oi.requirement_id = r.id and oi.status in ${OPEN_STATUSES} order by oi.due_date, oi.id limit 1) as open_inspection,
      coalesce((select json_agg(json_build_object('id', c.id, 'kind', c.kind, 'detail', c.detail, 'reason', c.reason,
          'changedBy', c.changed_by, 'createdAt', c.created_at) order by c.created_at desc, c.id desc)
        from requirement_changes c where c.requirement_id = r.id), '[]'::json) as changes,
      l.counts_from, l.interval_months as code_interval_months, l.interval_days as code_interval_days,
      b.below as below_code_minimum,
      -- The reason given with what put it below: the latest switch-off while off, else the latest interval change.
      case when b.below then (select c.reason from requirement_changes c
        where c.requirement_id = r.id and c.kind = case when r.active then 'interval_changed' else 'switched_off' end
        order by c.created_at desc, c.id desc limit 1) end as below_code_minimum_reason
    from requirements r
    left join requirement_library l on l.id = r.library_id
    -- Below the code minimum (issue 37): a library requirement switched off or kept longer than its source asks;
    -- one the answers about the item rule out does not apply here, so it is not below anything.
    cross join lateral (select l.id is not null and r.applies and (not r.active or ${intervalLengthSql('r')} > ${intervalLengthSql('l')}) as below) b
    where r.organization_id = ${reach.id} and ${propertyScope(reach, sql`r.property_id`)} and ${where}
    order by r.item_type, coalesce(l.sort_order, 1000), r.id`);
  return result.rows.map((row) => toRequirement(row, today));
}

export const forProperty = (propertyId: number) => sql`r.property_id = ${propertyId}`;
export const byId = (id: number) => sql`r.id = ${id}`;

export interface LockedRequirement {
  id: number;
  property_id: number;
  item_type: InspectionType;
  activity: string;
  interval_months: number | null;
  interval_days: number | null;
  active: boolean;
  applies: boolean;
  auto_schedule: boolean;
}

/** The account's requirement, locked for the rest of the transaction. */
export async function lockRequirement(db: DbOrTx, reach: Reach, id: number): Promise<LockedRequirement | undefined> {
  const result = await db.execute<LockedRequirement & Record<string, unknown>>(sql`
    select id, property_id, item_type, activity, interval_months, interval_days, active, applies, auto_schedule
    from requirements where id = ${id} and organization_id = ${reach.id} and ${propertyScope(reach, sql`property_id`)} for update`);
  return result.rows[0];
}

/** What the requirement's first due date counts from (its library row's; last done for one of the property's own). */
export async function countsFromOf(db: DbOrTx, id: number): Promise<CountsFrom> {
  const result = await db.execute<{ counts_from: CountsFrom | null }>(sql`
    select l.counts_from from requirements r left join requirement_library l on l.id = r.library_id where r.id = ${id}`);
  return result.rows[0]?.counts_from ?? 'last_done';
}

export async function countActive(db: DbOrTx, propertyId: number, itemType: InspectionType, except: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from requirements where property_id = ${propertyId} and item_type = ${itemType} and active and id <> ${except}`);
  return result.rows[0]!.n;
}

export async function updateRequirement(
  db: DbOrTx,
  id: number,
  values: { active?: boolean; autoSchedule?: boolean; intervalMonths?: number | null; intervalDays?: number | null; countsFromDate?: string },
): Promise<void> {
  const sets: SQL[] = [sql`updated_at = now()`];
  // The day it was installed or made is what its schedule counts from (settle): known, not estimated.
  if (values.countsFromDate !== undefined) sets.push(sql`last_done_stated_on = ${values.countsFromDate}::date, last_done_unknown = false, next_due_estimated = false`);
  if (values.active !== undefined) sets.push(sql`active = ${values.active}`);
  if (values.autoSchedule !== undefined) sets.push(sql`auto_schedule = ${values.autoSchedule}`);
  if (values.intervalMonths !== undefined) sets.push(sql`interval_months = ${values.intervalMonths}`, sql`interval_days = ${values.intervalDays ?? null}`);
  await db.execute(sql`update requirements set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

/**
 * After its interval changed (issue 30): the requirement is next due one new interval after it
 * was last done (or the day given for that when it was added); one whose last date is not known
 * and is due now stays due; otherwise, never done, after the day it began (the day it was added, in the account's
 * zone), no later than a year after that day as when it was added, since when it was last done
 * is not known. An open inspection of it that kept its schedule (due on the old next due date)
 * moves to the new date when that is earlier, with the change as its reason; a longer interval
 * leaves what is scheduled where it is (doing it early is never wrong). Back at the library's
 * interval, the code's window is back; at any other, there is none. Returns the new date.
 */
export async function redateAfterIntervalChange(db: DbOrTx, id: number, reason: string): Promise<string> {
  // Its window is the library's only while it keeps the library's interval (due-window.sql.ts).
  const window = requirementWindow('r');
  const lastDone = sql`coalesce(r.last_done_on, r.last_done_stated_on)`;
  const result = await db.execute<{ next_due_date: string }>(sql`
    with target as (
      select r.id, r.next_due_date as old_due,
        ${windowOpensFromSql('r', window, lastDone)} as new_opens,
        case when ${lastDone} is not null
            then ${dueFromStatedSql('r', window, lastDone, sql`case when r.last_done_on is null then ${requirementFirstAfterSql('r')} end`)}
          -- "Not known" is due now whatever the interval (issue 35); an estimate is re-estimated.
          when r.last_done_unknown and not r.next_due_estimated then r.next_due_date
          else least(began + ${intervalSql('r')}, began + interval '12 months')::date end as new_due
      from requirements r
      join organizations o on o.id = r.organization_id
      cross join lateral (select (r.created_at at time zone o.time_zone)::date as began) b
      where r.id = ${id}
    ),
    moved as (
      update inspections i set due_date = t.new_due, reschedule_reason = ${reason}, updated_at = now()
      from target t
      where i.requirement_id = t.id and i.status in ${OPEN_STATUSES} and i.due_date = t.old_due and t.new_due < t.old_due
      returning i.id
    )
    update requirements r set next_due_date = t.new_due, window_opens_on = t.new_opens, updated_at = now()
    from target t where r.id = t.id
    returning to_char(t.new_due, 'YYYY-MM-DD') as next_due_date`);
  return result.rows[0]!.next_due_date;
}

/** The library entry each of these requirements came from, by requirement id. */
export async function libraryEntriesOf(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{ id: number; library_id: number }>(sql`
    select id, library_id from requirements where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and library_id is not null`);
  return new Map(result.rows.map((r) => [r.id, r.library_id]));
}

export async function activityExists(db: DbOrTx, propertyId: number, itemType: InspectionType, activity: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from requirements where property_id = ${propertyId} and item_type = ${itemType} and lower(activity) = lower(${activity}) limit 1`);
  return result.rows.length > 0;
}

export async function insertCustomRequirement(
  db: DbOrTx,
  values: {
    organizationId: number;
    propertyId: number;
    itemType: InspectionType;
    activity: string;
    intervalMonths: number | null;
    intervalDays: number | null;
    source: string | null;
    nextDueDate: string;
  },
): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    insert into requirements (organization_id, property_id, item_type, activity, interval_months, interval_days, source, next_due_date)
    values (${values.organizationId}, ${values.propertyId}, ${values.itemType}, ${values.activity}, ${values.intervalMonths},
      ${values.intervalDays}, ${values.source}, ${values.nextDueDate}::date)
    returning id`);
  return result.rows[0]!.id;
}

export async function insertChanges(
  db: DbOrTx,
  changes: { organizationId: number; propertyId: number; requirementId: number; kind: RequirementChangeKind; detail: string; reason: string | null; changedBy: string }[],
  at: Date,
): Promise<void> {
  for (const c of changes) {
    await db.execute(sql`
      insert into requirement_changes (organization_id, property_id, requirement_id, kind, detail, reason, changed_by, created_at)
      values (${c.organizationId}, ${c.propertyId}, ${c.requirementId}, ${c.kind}, ${c.detail}, ${c.reason}, ${c.changedBy}, ${at.toISOString()}::timestamptz)`);
  }
}

export interface UnscheduledFilter {
  q?: string;
  type?: InspectionType;
  propertyId?: number;
  /** Only these properties (sorted, at most 500); ids out of reach match nothing. */
  propertyIds?: readonly number[];
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/**
 * Active requirements with no open inspection: due within 30 days or overdue ("Due, not
 * scheduled"), or, for a calendar, due within [from, to]. Soonest first.
 */
export async function listUnscheduled(db: DbOrTx, reach: Reach, filter: UnscheduledFilter, today: string): Promise<[UnscheduledRequirement[], number]> {
  const conditions: SQL[] = [sql`r.organization_id = ${reach.id}`, propertyScope(reach, sql`r.property_id`), unscheduledSql('r')];
  if (filter.from || filter.to) {
    if (filter.from) conditions.push(sql`r.next_due_date >= ${filter.from}::date`);
    if (filter.to) conditions.push(sql`r.next_due_date <= ${filter.to}::date`);
  } else {
    conditions.push(sql`r.next_due_date <= ${today}::date + ${UPCOMING_DAYS}::int`);
  }
  if (filter.type) conditions.push(sql`r.item_type = ${filter.type}`);
  if (filter.propertyId) conditions.push(sql`r.property_id = ${filter.propertyId}`);
  if (filter.propertyIds) conditions.push(sql`r.property_id = any(${intArray(filter.propertyIds)})`);
  if (filter.q) {
    const pattern = searchPattern(filter.q);
    conditions.push(sql`(p.search_name like ${pattern} or r.search_activity like ${pattern})`);
  }
  const where = sql.join(conditions, sql` and `);
  // Only a search needs the property's name to count.
  const countFrom = filter.q ? sql`requirements r join properties p on p.id = r.property_id` : sql`requirements r`;
  const [rows, count] = await Promise.all([
    preparedRows<{ id: number; property_id: number; property_name: string; item_type: InspectionType; activity: string; principal: boolean; next_due_date: string; window_opens_on: string | null; nominal_due_date: string | null; last_done_known: boolean }>(
      db,
      sql`
      select r.id, r.property_id, p.name as property_name, r.item_type, r.activity, r.principal, r.next_due_date,
        r.window_opens_on, ${nominalDueSql('r')} as nominal_due_date,
        (r.last_done_on is not null or not r.last_done_unknown) as last_done_known
      from requirements r join properties p on p.id = r.property_id
      where ${where}
      order by r.next_due_date, r.id
      limit ${filter.limit} offset ${filter.offset}`,
    ),
    preparedRows<{ n: number }>(db, sql`select count(*)::int as n from ${countFrom} where ${where}`),
  ]);
  const list: UnscheduledRequirement[] = rows.map((r) => ({
    id: r.id,
    propertyId: r.property_id,
    property: { id: r.property_id, name: r.property_name },
    itemType: r.item_type,
    activity: r.activity,
    principal: r.principal,
    nextDueDate: r.next_due_date,
    windowOpensOn: r.window_opens_on,
    nominalDueDate: r.nominal_due_date,
    lastDoneKnown: r.last_done_known,
    displayStatus: unscheduledDisplayStatus(r.next_due_date, today),
  }));
  return [list, count[0]?.n ?? 0];
}
