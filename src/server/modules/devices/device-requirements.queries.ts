import { sql, type SQL } from 'drizzle-orm';
import { SUBTYPE_QUESTION } from '@shared/devices';
import type { InspectionType } from '@shared/enums';
import type { DbOrTx } from '../../db/client';
import { appliesSql, itemAnswersSql } from '../requirements/library/applies.sql';
import { nextDueFromSql, requirementWindow } from '../compliance/due-window.sql';
import { effectiveDoneOnSql, effectiveResultSql, plainDoneSql } from './plain-completions.sql';

/**
 * A device's own clocks (docs/decisions/042-devices.md): one device_requirements row per device
 * in service or out of service and per active, applying requirement of its property and item
 * type whose library row holds for the device's answers (a custom requirement, with no library
 * row, applies to every device). Kept in step by syncDeviceRequirements after any device change
 * and from compliance settle() when the property has devices.
 */

/**
 * Library rows that count from manufacture on a device although the property-level row counts
 * from the last one done: a property cannot know each unit's age, a device can. NFPA 10 (2022)
 * 7.3.3.1 (the 6-year maintenance) and 8.3.1 / Table 8.3.1 (hydrostatic test at 5 or 12 years by
 * agent) count from the date of manufacture. The keys are the same in every code set that
 * borrows NFPA 10's rows (ca-nfc, ca-on).
 */
export const DEVICE_MANUFACTURE_KEYS = [
  'fire_extinguisher.6-year-internal-examination',
  'fire_extinguisher.hydrostatic-test-5-year',
  'fire_extinguisher.hydrostatic-test-12-year',
] as const;

/** Shown where a device's date counts from a day it lacks. */
export const DUE_UNKNOWN_REASONS = {
  manufacture: 'Not known: add the month of manufacture',
  installation: 'Not known: add the installation date',
} as const;

/** What a device row counts from (`l` the library alias, null for a custom requirement). */
export function deviceCountsFromSql(libraryAlias: string): SQL<string> {
  const l = sql.raw(libraryAlias);
  return sql<string>`(case
    when ${l}.counts_from = 'manufacture' or ${l}.key in (${sql.join(DEVICE_MANUFACTURE_KEYS.map((k) => sql`${k}`), sql`, `)}) then 'manufacture'
    when ${l}.counts_from = 'installation' then 'installation'
    else 'last_done' end)`;
}

/** A device's answers: the item's, overridden by its own, plus its subtype as the answer to its type's subtype question. */
export function deviceAnswersSql(deviceAlias: string, itemType: InspectionType): SQL {
  const d = sql.raw(deviceAlias);
  const question = SUBTYPE_QUESTION[itemType];
  const subtype = question
    ? sql`case when ${d}.subtype is not null then jsonb_build_object(${question}::text, jsonb_build_array(${d}.subtype)) else '{}'::jsonb end`
    : sql`'{}'::jsonb`;
  return sql`(${itemAnswersSql(sql`${d}.property_id`, itemType)} || ${d}.answers || ${subtype})`;
}

/**
 * A device row's next due date. `countsFrom` the row's counts_from, `lastDone` its last day done,
 * `unset` the date a never-done row keeps (counted from the last one done: the requirement's date
 * when the device joined, so it joins the round). From a day done: one interval later (a code's
 * window, as for the property's requirement: due-window.sql.ts). Counted from manufacture, never
 * done: the last day of the month of manufacture plus the first interval (a label gives only month
 * and year, so the unit is due by that month's end: a reading, decision 042); from installation:
 * that day plus the first interval. Without the day: null (not known, never guessed).
 * `r` the requirements alias, `l` the library alias, `d` the devices alias.
 */
export function deviceNextDueSql(input: { r: string; l: string; d: string; countsFrom: SQL; lastDone: SQL; unset: SQL }): SQL {
  const [r, l, d] = [sql.raw(input.r), sql.raw(input.l), sql.raw(input.d)];
  const first = sql`make_interval(months => coalesce(${l}.first_after_months, ${r}.interval_months, 0),
    days => case when ${l}.first_after_months is null then coalesce(${r}.interval_days, 0) else 0 end)`;
  return sql`(case
    when ${input.lastDone} is not null then ${nextDueFromSql(input.r, requirementWindow(input.r), input.lastDone)}
    when ${input.countsFrom} = 'manufacture' then
      (date_trunc('month', ${d}.manufactured_on + ${first}) + interval '1 month' - interval '1 day')::date
    when ${input.countsFrom} = 'installation' then (${d}.installed_on + ${first})::date
    else ${input.unset} end)`;
}

/**
 * A device row's last day done (`effective`, a relation of rows with id, device_id,
 * requirement_id, done_on, result: effectiveDoneOnSql), or a later day on which the same device
 * passed an activity that restarts it (the library's `restarts`: NFPA 10 (2022) ch. 7, a 12-year
 * hydrostatic test includes the 6-year maintenance), as the property's requirement counts it
 * (restarts.queries.ts). `e` the row's alias in `effective`, `l` its library row's.
 */
function restartedLastDoneSql(effective: string, rowAlias: string, libraryAlias: string): SQL {
  const [eff, e, l] = [sql.raw(effective), sql.raw(rowAlias), sql.raw(libraryAlias)];
  return sql`greatest(${e}.done_on, (
    select max(o.done_on) from ${eff} o
    join requirements ro on ro.id = o.requirement_id
    join requirement_library lo on lo.id = ro.library_id
    where o.device_id = ${e}.device_id and o.result = 'compliant'
      and lo.code_set = ${l}.code_set and ${l}.key = any(lo.restarts)))`;
}

/** The (device, requirement) pairs that should have a row, for one property's item type. */
function wantedPairsSql(propertyId: number, itemType: InspectionType): SQL {
  return sql`
    select d.id as device_id, r.id as requirement_id, d.organization_id, ${deviceCountsFromSql('l')} as counts_from
    from devices d
    join requirements r on r.property_id = d.property_id and r.item_type = d.item_type and r.active and r.applies
    left join requirement_library l on l.id = r.library_id
    where d.property_id = ${propertyId} and d.item_type = ${itemType} and d.status in ('in_service', 'out_of_service')
      and (l.id is null or ${appliesSql('l', deviceAnswersSql('d', itemType))})`;
}

/**
 * Brings the device rows of one property's item type in step with its devices and requirements:
 * rows no longer wanted go, missing ones come (with what the device's finished walk-throughs
 * recorded for the activity, else never done), and every row's counts_from and next
 * due date are counted again from its device's dates and last day done. Three statements,
 * whatever the number of devices.
 */
export async function syncDeviceRequirements(db: DbOrTx, propertyId: number, itemType: InspectionType): Promise<void> {
  await db.execute(sql`
    with wanted as (${wantedPairsSql(propertyId, itemType)})
    delete from device_requirements dr
    using devices d
    where d.id = dr.device_id and d.property_id = ${propertyId} and d.item_type = ${itemType}
      and not exists (select 1 from wanted w where w.device_id = dr.device_id and w.requirement_id = dr.requirement_id)`);
  await db.execute(sql`
    with wanted as (${wantedPairsSql(propertyId, itemType)})
    insert into device_requirements (organization_id, property_id, device_id, requirement_id, last_done_on, last_result, counts_from, joined_due_on, next_due_date)
    select w.organization_id, ${propertyId}, w.device_id, w.requirement_id, wk.done_on, wk.result, w.counts_from, r.next_due_date,
      ${deviceNextDueSql({ r: 'r', l: 'l', d: 'd', countsFrom: sql`w.counts_from`, lastDone: sql`null::date`, unset: sql`r.next_due_date` })}
    from wanted w
    join devices d on d.id = w.device_id
    join requirements r on r.id = w.requirement_id
    left join requirement_library l on l.id = r.library_id
    -- A row that went (device removed or replaced, activity switched off, agent changed) and comes
    -- back takes again what walks recorded on the unit: its latest finished walk's day and result.
    left join lateral (
      select (i.completed_date at time zone o.time_zone)::date as done_on,
        (case wr.result when 'fail' then 'non_compliant' else 'compliant' end)::compliance_result as result
      from walkthrough_results wr
      join walkthroughs wt on wt.id = wr.walkthrough_id
      join inspections i on i.id = wt.inspection_id
      join organizations o on o.id = i.organization_id
      where wr.device_id = w.device_id and wt.requirement_id = w.requirement_id and wt.status = 'finished'
        and wr.result in ('pass', 'fail') and i.status = 'completed' and i.completed_date is not null
      order by i.completed_date desc, wt.id desc
      limit 1
    ) wk on true
    -- Rows this transaction sees are skipped before the insert: one that another transaction is
    -- deleting with its device would otherwise make this one wait for it while it waits here.
    where not exists (select 1 from device_requirements x where x.device_id = w.device_id and x.requirement_id = w.requirement_id)
    on conflict (device_id, requirement_id) do nothing`);
  const countsFrom = deviceCountsFromSql('l');
  const nextDue = deviceNextDueSql({ r: 'r', l: 'l', d: 'd', countsFrom, lastDone: sql`x.last_done`, unset: sql`coalesce(dr.joined_due_on, dr.next_due_date, r.next_due_date)` });
  await db.execute(sql`
    with plain as (${plainDoneSql(sql`r.property_id = ${propertyId} and r.item_type = ${itemType}`)}),
    -- Each row's last day done and result: its walk-throughs' or a later plain completion's.
    effective as (
      select dr.id, dr.device_id, dr.requirement_id, ${effectiveDoneOnSql('dr', 'd', 'p')} as done_on, ${effectiveResultSql('dr', 'd', 'p')} as result
      from device_requirements dr
      join devices d on d.id = dr.device_id
      left join plain p on p.requirement_id = dr.requirement_id
      where d.property_id = ${propertyId} and d.item_type = ${itemType}
    ),
    restarted as (
      select e.id, ${restartedLastDoneSql('effective', 'e', 'l')} as last_done
      from effective e
      join requirements r on r.id = e.requirement_id
      left join requirement_library l on l.id = r.library_id
    )
    update device_requirements dr set counts_from = ${countsFrom}, next_due_date = ${nextDue}, updated_at = now()
    from restarted x, devices d, requirements r
    left join requirement_library l on l.id = r.library_id
    where x.id = dr.id and d.id = dr.device_id and r.id = dr.requirement_id
      and (dr.counts_from, dr.next_due_date) is distinct from (${countsFrom}, ${nextDue})`);
}

/** Which of these item types of a property have devices: what settle() keeps in step. One statement of index probes. */
export async function withDevices(db: DbOrTx, propertyId: number, itemTypes: readonly InspectionType[]): Promise<InspectionType[]> {
  if (itemTypes.length === 0) return [];
  const result = await db.execute<{ item_type: InspectionType }>(sql`
    select t.item_type from unnest(${`{${itemTypes.join(',')}}`}::text[]) as t(item_type)
    where exists (select 1 from devices d where d.property_id = ${propertyId} and d.item_type = t.item_type::inspection_type)`);
  return result.rows.map((r) => r.item_type);
}

/** Whether a property's item type has any device: one probe of devices_property_walk_idx. */
export async function hasDevices(db: DbOrTx, propertyId: number, itemType: InspectionType): Promise<boolean> {
  const result = await db.execute(sql`select 1 from devices where property_id = ${propertyId} and item_type = ${itemType} limit 1`);
  return result.rows.length > 0;
}

/**
 * syncDeviceRequirements for the items of many properties that have devices (a change of code
 * set, of a code's edition, the history import): one statement finds them; none, nothing more.
 */
export async function syncDevicesOfItems(db: DbOrTx, items: readonly { propertyId: number; itemType: InspectionType }[]): Promise<void> {
  if (items.length === 0) return;
  const result = await db.execute<{ property_id: number; item_type: InspectionType }>(sql`
    select distinct x.property_id, x.item_type
    from json_to_recordset(${JSON.stringify(items.map((i) => ({ property_id: i.propertyId, item_type: i.itemType })))}::json) as x(property_id int, item_type text)
    where exists (select 1 from devices d where d.property_id = x.property_id and d.item_type = x.item_type::inspection_type)`);
  for (const row of result.rows) await syncDeviceRequirements(db, row.property_id, row.item_type);
}

/**
 * syncDeviceRequirements for every item of a property that has devices: after an undo puts an
 * inspection back as it was, the devices' clocks are counted again from it (a plain completion
 * counts for them, plain-completions.sql.ts). One statement when the property has none.
 */
export async function syncDevicesOfProperty(db: DbOrTx, propertyId: number): Promise<void> {
  const result = await db.execute<{ item_type: InspectionType }>(sql`select distinct item_type from devices where property_id = ${propertyId}`);
  for (const row of result.rows) await syncDeviceRequirements(db, propertyId, row.item_type);
}
