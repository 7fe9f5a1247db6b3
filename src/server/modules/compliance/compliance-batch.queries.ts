import { sql, type SQL } from 'drizzle-orm';
import { preparedRows } from '../../db/prepared';
import type { InspectionType } from '@shared/enums';
import type { DbOrTx } from '../../db/client';
import { OPEN_STATUSES, resultAfterCorrectionsSql } from './compliance.sql';
import { dueFromStatedSql, requirementFirstAfterSql } from './counts-from.sql';
import { deviceFailedSql, deviceNextDueSql, devicesOutOfServiceSql, devicesWithOpenDeficiencySql } from './device-rollup.sql';
import { syncDevicesOfItems } from '../devices/device-requirements.queries';
import { nextDueFromSql, requirementWindow, windowOpensFromSql } from './due-window.sql';

/**
 * `settle` for many requirements at once (the inspection history import: thousands of
 * requirements of thousands of properties): the same rules as syncItem and syncProperty in
 * compliance.queries.ts, each as one statement over the whole set, so the cost is a few
 * statements, not a few per requirement. Keep the rules of both in step:
 * compliance-batch.test.ts compares what each leaves. settleRequirements is the only way a
 * requirement is settled (settleRequirement runs it for one); settleWithRestarts
 * (restarts.queries.ts) adds the clocks a completion restarts, and every caller goes through it.
 */

/** An int[] parameter that works with every driver: the array as text. */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

export interface SettledRequirement {
  id: number;
  nextDueDate: string;
  latestInspectionId: number | null;
}

/** settleRequirement for every id: last date, result and notes from the latest completion with a result, next due from it. */
export async function settleRequirements(db: DbOrTx, requirementIds: readonly number[], today: string): Promise<SettledRequirement[]> {
  if (!requirementIds.length) return [];
  const ids = intArray(requirementIds);
  const window = requirementWindow('r');
  const query = sql`
    with target as (select id, property_id, item_type, principal from requirements where id = any(${ids})),
    chosen as (
      select distinct on (r.id) r.id as requirement_id, i.id, (i.completed_date at time zone o.time_zone)::date as day
      from target r
      join inspections i on i.property_id = r.property_id and i.inspection_type = r.item_type
        and (i.requirement_id = r.id or (i.requirement_id is null and r.principal))
      join organizations o on o.id = i.organization_id
      where i.status = 'completed' and i.compliance_result is not null and i.completed_date is not null
      order by r.id, day desc, i.completed_date desc, i.id desc
    ),
    -- The result (after corrections) of the chosen completion only, not of every one compared.
    latest as (
      select c.requirement_id, c.id, c.day, ${resultAfterCorrectionsSql('i')} as result, i.completion_notes as notes
      from chosen c join inspections i on i.id = c.id
    ),
    -- A re-test after a repair does not restart the interval (settleRequirement's clock).
    clock as (
      select distinct on (r.id) r.id as requirement_id, (i.completed_date at time zone o.time_zone)::date as day
      from target r
      join inspections i on i.property_id = r.property_id and i.inspection_type = r.item_type
        and (i.requirement_id = r.id or (i.requirement_id is null and r.principal))
      join organizations o on o.id = i.organization_id
      where i.status = 'completed' and i.compliance_result is not null and i.completed_date is not null and i.retest_of_id is null
      order by r.id, day desc
    ),
    soonest as (
      select i.requirement_id, min(i.due_date) as due from inspections i
      where i.requirement_id = any(${ids}) and i.status in ${OPEN_STATUSES}
      group by i.requirement_id
    )
    update requirements r set
      last_done_on = coalesce(k.day, l.day),
      last_result = l.result,
      last_notes = l.notes,
      next_due_date = coalesce(
        ${nextDueFromSql('r', window, sql`coalesce(k.day, l.day)`)},
        ${dueFromStatedSql('r', window, sql`r.last_done_stated_on`, requirementFirstAfterSql('r'))},
        case when r.last_done_on is null then coalesce(s.due, r.next_due_date)
          else least(${today}::date, coalesce(s.due, ${today}::date)) end),
      window_opens_on = coalesce(${windowOpensFromSql('r', window, sql`coalesce(k.day, l.day)`)},
        ${windowOpensFromSql('r', window, sql`r.last_done_stated_on`)}),
      last_done_unknown = r.last_done_unknown and l.id is null,
      next_due_estimated = r.next_due_estimated and l.id is null,
      has_open_inspection = s.due is not null,
      updated_at = now()
    from target t
    left join latest l on l.requirement_id = t.id
    left join clock k on k.requirement_id = t.id
    left join soonest s on s.requirement_id = t.id
    where r.id = t.id
    returning r.id, to_char(r.next_due_date, 'YYYY-MM-DD') as next_due_date, l.id as latest_inspection_id`;
  type Row = { id: number; next_due_date: string; latest_inspection_id: number | null };
  const rows = requirementIds.length <= KEPT_PLAN_MAX_IDS ? await withKeptPlan<Row>(db, query) : (await db.execute<Row>(query)).rows;
  return rows.map((row) => ({ id: row.id, nextDueDate: row.next_due_date, latestInspectionId: row.latest_inspection_id }));
}

/** A completion settles its requirement and the few whose clocks it restarts. */
const KEPT_PLAN_MAX_IDS = 8;

/**
 * Planning this statement took longer than running it for one requirement (a 6.7 ms bind
 * against 3.4 ms of execution at every completion under the mixed load, bench/README.md
 * "Scale"). A few ids are served by one plan kept per connection: a named statement, planned
 * generically (PostgreSQL would otherwise cost a plan for any ids above one for these and plan
 * afresh), the setting held within this transaction only. The thousands of ids of an import
 * are still planned for their ids. Outside a transaction SET LOCAL does nothing: PostgreSQL chooses.
 */
async function withKeptPlan<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  await db.execute(sql`set local plan_cache_mode = force_generic_plan`);
  // Not in a finally: after a failure the transaction is aborted and rolls the setting back itself.
  const rows = await preparedRows<T>(db, query);
  await db.execute(sql`set local plan_cache_mode = default`);
  return rows;
}

/**
 * syncItem for every (property, type): the item rolls its active requirements and its devices up;
 * one with no active requirement is removed. The devices' clocks are kept in step first, as
 * settle() does (a change of code set or edition changes which requirements they follow).
 */
export async function syncItems(db: DbOrTx, items: readonly { propertyId: number; itemType: InspectionType }[]): Promise<void> {
  if (!items.length) return;
  await syncDevicesOfItems(db, items);
  const pairs = sql`pairs as (
      select distinct x.property_id, x.item_type::inspection_type as item_type
      from json_to_recordset(${JSON.stringify(items.map((i) => ({ property_id: i.propertyId, item_type: i.itemType })))}::json) as x(property_id int, item_type text)
    )`;
  await db.execute(sql`
    with ${pairs}
    delete from compliance_items ci using pairs
    where ci.property_id = pairs.property_id and ci.item_type = pairs.item_type
      and exists (select 1 from requirements r where r.property_id = ci.property_id and r.item_type = ci.item_type)
      and not exists (select 1 from requirements r where r.property_id = ci.property_id and r.item_type = ci.item_type and r.active)`);
  await db.execute(sql`
    with ${pairs},
    rollup as (
      select r.property_id, r.item_type,
        (case when bool_or(r.last_result = 'non_compliant') or ${deviceFailedSql(sql`r.property_id`, sql`r.item_type`)} then 'non_compliant'
              when bool_or(r.last_result = 'compliant') then 'compliant'
              else 'never_inspected' end)::compliance_item_status as status,
        least(min(r.next_due_date), ${deviceNextDueSql(sql`r.property_id`, sql`r.item_type`)}) as next_due_date,
        max(r.last_done_on) as last_inspection_date,
        coalesce(bool_or(r.last_result = 'non_compliant'), false) as result_failed,
        ${devicesOutOfServiceSql(sql`r.property_id`, sql`r.item_type`)} as devices_out_of_service,
        ${devicesWithOpenDeficiencySql(sql`r.property_id`, sql`r.item_type`)} as devices_with_open_deficiency,
        coalesce(
          (array_agg(r.last_notes order by r.last_done_on desc nulls last) filter (where r.last_result = 'non_compliant'))[1],
          (array_agg(r.last_notes order by r.last_done_on desc nulls last) filter (where r.last_result is not null))[1]) as notes
      from pairs
      join requirements r on r.property_id = pairs.property_id and r.item_type = pairs.item_type and r.active
      group by r.property_id, r.item_type
    )
    insert into compliance_items (property_id, item_type, status, next_due_date, last_inspection_date, notes,
      result_failed, devices_out_of_service, devices_with_open_deficiency)
    select property_id, item_type, status, next_due_date, last_inspection_date, notes,
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

/** syncProperty for every id: what the property's status derives from, from its items. */
export async function syncProperties(db: DbOrTx, propertyIds: readonly number[]): Promise<void> {
  if (!propertyIds.length) return;
  await db.execute(sql`
    update properties p set has_failure = s.has_failure, inspected = s.inspected, earliest_due_date = s.earliest_due_date
    from (
      select t.id,
        coalesce(bool_or(ci.status = 'non_compliant'), false) as has_failure,
        coalesce(bool_and(ci.last_inspection_date is not null), false) as inspected,
        min(ci.next_due_date) as earliest_due_date
      from unnest(${intArray(propertyIds)}) as t(id)
      left join compliance_items ci on ci.property_id = t.id
      group by t.id
    ) s
    where p.id = s.id
      and (p.has_failure, p.inspected, p.earliest_due_date) is distinct from (s.has_failure, s.inspected, s.earliest_due_date)`);
}
