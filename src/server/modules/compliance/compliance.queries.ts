import { sql } from 'drizzle-orm';
import type { InspectionType } from '@shared/enums';
import type { DbOrTx } from '../../db/client';
import { appliesSql, itemAnswersSql } from '../requirements/library/applies.sql';
import { intervalSql, OPEN_STATUSES, resultAfterCorrectionsSql } from './compliance.sql';
import { settleRequirements } from './compliance-batch.queries';
import { deviceFailedSql, deviceNextDueSql, devicesOutOfServiceSql, devicesWithOpenDeficiencySql } from './device-rollup.sql';
import { countsFromADaySql, dueFromStatedSql, libraryFirstAfterSql, requirementFirstAfterSql, unknownDueSql } from './counts-from.sql';
import { libraryWindow, nextDueFromSql, requirementWindow, windowOpensFromSql } from './due-window.sql';

export interface RequirementRow {
  id: number;
  organization_id: number;
  property_id: number;
  item_type: InspectionType;
  library_id: number | null;
  activity: string;
  interval_months: number | null;
  interval_days: number | null;
  principal: boolean;
  active: boolean;
  auto_schedule: boolean;
  last_done_on: string | null;
  next_due_date: string;
}

/**
 * A property gets a safety item: the library's requirements of its type, unless it has
 * requirements of that type already. With `lastDone` (issue 35: when each was last done, by
 * library entry, null for not known), each is next due one interval after its day, counted as
 * settleRequirement counts from a completion, and one not known is due on `today` and marked so;
 * a row counted from installation or manufacture is first due its first-after months after the
 * day given, and not known, a year after `today`, estimated (counts-from.sql.ts);
 * an entry left out of it (the one the first inspection of the type is for) is due on `anchor`.
 * Without it: the principal one is first due on `anchor`; each other one an interval after
 * `today`, but within a year: when a six-year or twelve-year activity was last done is not
 * known, so it is checked within the first year (marked not known, its date estimated). Two transactions adding the same item at once
 * meet on the (property, library entry) key, and one adds nothing. Inspections of that type
 * that name no requirement then count for the principal one. Returns the ids it created.
 */
export async function createLibraryRequirements(
  db: DbOrTx,
  input: { organizationId: number; propertyId: number; itemType: InspectionType; anchor?: string; today: string; lastDone?: Record<number, string | null> },
): Promise<number[]> {
  const answers = sql`${JSON.stringify(input.lastDone ?? {})}::jsonb`;
  const stated = input.lastDone ? sql`(${answers} ->> l.id::text)::date` : sql`null::date`;
  const asked = sql`(${answers} -> l.id::text) is not null`;
  const firstDue = input.lastDone
    ? sql`case when ${asked} then coalesce(${dueFromStatedSql('l', libraryWindow('l'), stated, libraryFirstAfterSql('l'))}, ${unknownDueSql('l', input.today)})
        else ${input.anchor ?? input.today}::date end`
    : sql`case when l.principal then ${input.anchor ?? input.today}::date
        else least(${input.today}::date + ${intervalSql('l')}, ${input.today}::date + interval '12 months')::date end`;
  const created = await db.execute<{ id: number }>(sql`
    insert into requirements (organization_id, property_id, item_type, library_id, activity, interval_months, interval_days, source, note, principal,
      next_due_date, window_opens_on, last_done_stated_on, last_done_unknown, next_due_estimated)
    select ${input.organizationId}, ${input.propertyId}, l.item_type, l.id, l.activity, l.interval_months, l.interval_days, l.source, l.note, l.principal,
      ${firstDue}, ${windowOpensFromSql('l', libraryWindow('l'), stated)}, ${stated}, ${input.lastDone ? sql`${asked} and ${stated} is null, ${asked} and ${stated} is null and ${countsFromADaySql('l')}` : sql`not l.principal, not l.principal`}
    from requirement_library l
    join properties p on p.id = ${input.propertyId} and p.code_set = l.code_set
    where l.item_type = ${input.itemType} and not l.retired
      and ${appliesSql('l', itemAnswersSql(input.propertyId, input.itemType))}
      and not exists (select 1 from requirements r where r.property_id = ${input.propertyId} and r.item_type = ${input.itemType})
    order by l.sort_order
    on conflict do nothing
    returning id`);
  if (created.rows.length > 0) {
    // Inspections another transaction holds (a concurrent completion of the same type) are
    // skipped: waiting for them while they wait for these new rows would deadlock, and each of
    // them names its requirement itself.
    await db.execute(sql`
      update inspections i set requirement_id = r.id
      from requirements r
      where r.property_id = ${input.propertyId} and r.item_type = ${input.itemType} and r.principal
        and i.id in (
          select id from inspections
          where property_id = ${input.propertyId} and inspection_type = ${input.itemType} and requirement_id is null
          for update skip locked
        )`);
    for (const { id } of created.rows) await refreshOpenInspection(db, id);
  }
  return created.rows.map((r) => r.id);
}

export async function hasRequirements(db: DbOrTx, propertyId: number, itemType: InspectionType): Promise<boolean> {
  const result = await db.execute(sql`select 1 from requirements where property_id = ${propertyId} and item_type = ${itemType} limit 1`);
  return result.rows.length > 0;
}

/**
 * The requirement an inspection is for: the one named (by id, or by the library entry it came
 * from), else the type's principal one; if that is switched off, the active one with the
 * longest interval. Locked for the rest of the transaction.
 */
export async function findRequirementFor(
  db: DbOrTx,
  input: { organizationId: number; propertyId: number; itemType: InspectionType; requirementId?: number; libraryId?: number },
): Promise<RequirementRow | undefined> {
  const named =
    input.requirementId !== undefined
      ? sql`and r.id = ${input.requirementId}`
      : input.libraryId !== undefined
        ? sql`and r.library_id = ${input.libraryId}`
        : sql``;
  const result = await db.execute<RequirementRow & Record<string, unknown>>(sql`
    select r.id, r.organization_id, r.property_id, r.item_type, r.library_id, r.activity, r.interval_months, r.interval_days,
      r.principal, r.active, r.auto_schedule, r.last_done_on, r.next_due_date
    from requirements r
    where r.organization_id = ${input.organizationId} and r.property_id = ${input.propertyId} and r.item_type = ${input.itemType} ${named}
    order by r.active desc, r.principal desc, coalesce(r.interval_months * 31, r.interval_days) desc, r.id
    limit 1
    for update`);
  return result.rows[0];
}

export async function findRequirement(db: DbOrTx, id: number): Promise<RequirementRow | undefined> {
  const result = await db.execute<RequirementRow & Record<string, unknown>>(sql`
    select id, organization_id, property_id, item_type, library_id, activity, interval_months, interval_days,
      principal, active, auto_schedule, last_done_on, next_due_date
    from requirements where id = ${id}`);
  return result.rows[0];
}

/**
 * Recomputes a requirement from the inspections that remain (DECISIONS: an item always reflects
 * its most recent performed-on date). The latest completion with a result, by the day it was
 * performed in the account's zone, gives the last date, result (once every deficiency it
 * opened is corrected, compliant: resultAfterCorrections) and notes, and the next due
 * date one interval later (where the code gives a window, the day it closes, and
 * window_opens_on the day it opens: due-window.sql.ts). Without one: one whose last day was given when it was added
 * (last_done_stated_on) is due an interval after that day; a requirement never done follows its
 * soonest open inspection (or keeps its date); one whose record is gone is due today at the
 * latest. A result makes its last date known (last_done_unknown goes).
 * Returns the next due date and the inspection that set it.
 */
export async function settleRequirement(
  db: DbOrTx,
  requirementId: number,
  today: string,
): Promise<{ nextDueDate: string; latestInspectionId: number | null } | undefined> {
  // One settle path: the batch statement, for one requirement (compliance-batch.queries.ts).
  const [row] = await settleRequirements(db, [requirementId], today);
  return row ? { nextDueDate: row.nextDueDate, latestInspectionId: row.latestInspectionId } : undefined;
}

/**
 * The compliance item of (property, type) rolls its active requirements up (DECISIONS):
 * next due the earliest, status the worst result (never inspected while none has one), and its
 * devices' clocks and statuses (decision 042: device-rollup.sql.ts), last
 * inspected the latest, notes those of a failure. An item whose requirements are all off (its
 * answers rule every one out) is asked nothing, so it has no status: it is removed, not left
 * overdue or failed, and comes back when one of them is on again (review of issue 37).
 */
export async function syncItem(db: DbOrTx, propertyId: number, itemType: InspectionType): Promise<void> {
  await db.execute(sql`
    delete from compliance_items ci
    where ci.property_id = ${propertyId} and ci.item_type = ${itemType}
      and exists (select 1 from requirements r where r.property_id = ci.property_id and r.item_type = ci.item_type)
      and not exists (select 1 from requirements r where r.property_id = ci.property_id and r.item_type = ci.item_type and r.active)`);
  await db.execute(sql`
    with rollup as (
      select
        (case when bool_or(last_result = 'non_compliant') or ${deviceFailedSql(sql`${propertyId}`, sql`${itemType}::inspection_type`)} then 'non_compliant'
              when bool_or(last_result = 'compliant') then 'compliant'
              else 'never_inspected' end)::compliance_item_status as status,
        least(min(next_due_date), ${deviceNextDueSql(sql`${propertyId}`, sql`${itemType}::inspection_type`)}) as next_due_date,
        max(last_done_on) as last_inspection_date,
        coalesce(bool_or(last_result = 'non_compliant'), false) as result_failed,
        ${devicesOutOfServiceSql(sql`${propertyId}`, sql`${itemType}::inspection_type`)} as devices_out_of_service,
        ${devicesWithOpenDeficiencySql(sql`${propertyId}`, sql`${itemType}::inspection_type`)} as devices_with_open_deficiency,
        coalesce(
          (array_agg(last_notes order by last_done_on desc nulls last) filter (where last_result = 'non_compliant'))[1],
          (array_agg(last_notes order by last_done_on desc nulls last) filter (where last_result is not null))[1]) as notes
      from requirements
      where property_id = ${propertyId} and item_type = ${itemType} and active
      having count(*) > 0
    )
    insert into compliance_items (property_id, item_type, status, next_due_date, last_inspection_date, notes,
      result_failed, devices_out_of_service, devices_with_open_deficiency)
    select ${propertyId}, ${itemType}, status, next_due_date, last_inspection_date, notes,
      result_failed, devices_out_of_service, devices_with_open_deficiency from rollup
    on conflict (property_id, item_type) do update set
      status = excluded.status, next_due_date = excluded.next_due_date,
      last_inspection_date = excluded.last_inspection_date, notes = excluded.notes,
      result_failed = excluded.result_failed, devices_out_of_service = excluded.devices_out_of_service,
      devices_with_open_deficiency = excluded.devices_with_open_deficiency, updated_at = now()
    where (compliance_items.status, compliance_items.next_due_date, compliance_items.last_inspection_date, compliance_items.notes,
        compliance_items.result_failed, compliance_items.devices_out_of_service, compliance_items.devices_with_open_deficiency)
      is distinct from (excluded.status, excluded.next_due_date, excluded.last_inspection_date, excluded.notes,
        excluded.result_failed, excluded.devices_out_of_service, excluded.devices_with_open_deficiency)`);
}

/**
 * Stores what the property's status derives from (DECISIONS): whether an item failed, whether
 * every item was inspected (a property with none, or with one never inspected, is pending),
 * the earliest next due date. The status itself is computed when read.
 */
export async function syncProperty(db: DbOrTx, propertyId: number): Promise<void> {
  await db.execute(sql`
    update properties p set has_failure = s.has_failure, inspected = s.inspected, earliest_due_date = s.earliest_due_date
    from (
      select coalesce(bool_or(status = 'non_compliant'), false) as has_failure,
        coalesce(bool_and(last_inspection_date is not null), false) as inspected,
        min(next_due_date) as earliest_due_date
      from compliance_items where property_id = ${propertyId}
    ) s
    where p.id = ${propertyId}
      and (p.has_failure, p.inspected, p.earliest_due_date) is distinct from (s.has_failure, s.inspected, s.earliest_due_date)`);
}

/**
 * A safety item that only a mistaken inspection brought in goes with it: when no open or
 * completed inspection of its type remains, none of its requirements was ever done and no
 * one changed them, its requirements and its item are removed. Returns whether it went.
 */
export async function removeUntouchedItem(db: DbOrTx, propertyId: number, itemType: InspectionType): Promise<boolean> {
  const removed = await db.execute(sql`
    delete from requirements r
    where r.property_id = ${propertyId} and r.item_type = ${itemType}
      and not exists (
        select 1 from requirements r2
        where r2.property_id = ${propertyId} and r2.item_type = ${itemType}
          and (r2.last_done_on is not null or exists (select 1 from requirement_changes c where c.requirement_id = r2.id)))
      and not exists (
        select 1 from inspections i
        where i.property_id = ${propertyId} and i.inspection_type = ${itemType} and i.status <> 'cancelled')
      -- An item with devices is there for them, whatever became of an inspection.
      and not exists (select 1 from devices d where d.property_id = ${propertyId} and d.item_type = ${itemType})
    returning r.id`);
  const itemless = await db.execute(sql`
    delete from compliance_items ci
    where ci.property_id = ${propertyId} and ci.item_type = ${itemType}
      and not exists (select 1 from requirements r where r.property_id = ${propertyId} and r.item_type = ${itemType})
      and not exists (
        select 1 from inspections i
        where i.property_id = ${propertyId} and i.inspection_type = ${itemType} and i.status <> 'cancelled')
    returning ci.id`);
  return removed.rows.length > 0 || itemless.rows.length > 0;
}

/**
 * Keeps has_open_inspection true to the inspections, and nothing else: for changes that must
 * not move compliance (a completion without a result) and for inspections added afterwards.
 */
export async function refreshOpenInspection(db: DbOrTx, requirementId: number): Promise<void> {
  await db.execute(sql`
    update requirements r set has_open_inspection = exists (
      select 1 from inspections i where i.requirement_id = r.id and i.status in ${OPEN_STATUSES})
    where r.id = ${requirementId}`);
}

/** Whether a requirement has an open inspection, and which (the soonest). */
export async function openInspectionOf(db: DbOrTx, requirementId: number): Promise<number | null> {
  const result = await db.execute<{ id: number }>(sql`
    select id from inspections where requirement_id = ${requirementId} and status in ${OPEN_STATUSES}
    order by due_date, id limit 1`);
  return result.rows[0]?.id ?? null;
}
