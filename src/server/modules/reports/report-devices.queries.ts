import { sql } from 'drizzle-orm';
import type { DeficiencySeverity } from '@shared/records';
import type { DbOrTx } from '../../db/client';
import { plainDoneSql } from '../devices/plain-completions.sql';

export type ReportDeviceRow = {
  item_type: string;
  tag: string;
  subtype: string | null;
  rating: string | null;
  building: string | null;
  floor: string | null;
  room: string | null;
  location_description: string | null;
  status: 'in_service' | 'out_of_service';
  status_reason: string | null;
  /** A walk-through's result for the unit, or a later plain completion's for all of its item's units. */
  last_result: 'pass' | 'fail' | 'not_accessible' | 'compliant' | 'non_compliant' | null;
  last_on: string | null;
  last_activity: string | null;
  next_due_date: string | null;
  next_activity: string | null;
  /** Its requirements whose date is not known, counted from the manufacture (or installation) date it lacks. */
  unknown_manufacture: string[] | null;
  unknown_installation: string[] | null;
  open_deficiencies: { severity: DeficiencySeverity; description: string; found_on: string | null }[] | null;
};

/**
 * The property's devices on its walls (in service or out of service), in walking order (item,
 * building, floor, walk order), each with its latest result
 * of a finished walk-through (or of a later plain completion of its item's activity, which
 * counts for every unit in service), its earliest known next due date, the requirements whose date is
 * not known, and its open deficiencies. One statement; each lateral part reads one device
 * through its own index.
 */
export function inventoryDevices(db: DbOrTx, organizationId: number, propertyId: number, limit: number) {
  const plainLater = sql`(pl.day is not null and (last.done_on is null or pl.day > last.done_on::date))`;
  return db.execute<ReportDeviceRow>(sql`
    with plain as materialized (${plainDoneSql(sql`r.property_id = ${propertyId}`)})
    select d.item_type, d.tag, d.subtype, d.rating, d.building, d.floor, d.room, d.location_description, d.status, d.status_reason,
      case when ${plainLater} then pl.result::text else last.result::text end as last_result,
      case when ${plainLater} then to_char(pl.day, 'YYYY-MM-DD') else last.done_on end as last_on,
      case when ${plainLater} then pl.activity else last.activity end as last_activity,
      to_char(due.next_due_date, 'YYYY-MM-DD') as next_due_date, due.activity as next_activity,
      unknown.manufacture as unknown_manufacture, unknown.installation as unknown_installation, defs.list as open_deficiencies
    from devices d
    join organizations o on o.id = d.organization_id
    -- Only finished walks: their results are attested, and they are what moved the device's clocks.
    left join lateral (
      select wr.result, r.activity,
        to_char((coalesce(i.completed_date, w.finished_at) at time zone o.time_zone)::date, 'YYYY-MM-DD') as done_on
      from walkthrough_results wr
      join walkthroughs w on w.id = wr.walkthrough_id and w.status = 'finished'
      join inspections i on i.id = w.inspection_id
      join requirements r on r.id = w.requirement_id
      where wr.device_id = d.id
      order by coalesce(i.completed_date, w.finished_at) desc, wr.id desc
      limit 1
    ) last on true
    -- A later plain completion of one of its activities counts for every in-service unit (plain-completions.sql.ts).
    left join lateral (
      select pd.day, pd.result, r.activity
      from device_requirements dr
      join requirements r on r.id = dr.requirement_id
      join plain pd on pd.requirement_id = dr.requirement_id
      where dr.device_id = d.id and d.status = 'in_service'
        and (d.manufactured_on is null or pd.day >= d.manufactured_on) and (d.installed_on is null or pd.day >= d.installed_on)
      order by pd.day desc, r.activity
      limit 1
    ) pl on true
    left join lateral (
      select dr.next_due_date, r.activity
      from device_requirements dr join requirements r on r.id = dr.requirement_id
      where dr.device_id = d.id and dr.next_due_date is not null
      order by dr.next_due_date, r.activity
      limit 1
    ) due on true
    left join lateral (
      select array_agg(r.activity order by r.activity) filter (where dr.counts_from <> 'installation') as manufacture,
        array_agg(r.activity order by r.activity) filter (where dr.counts_from = 'installation') as installation
      from device_requirements dr join requirements r on r.id = dr.requirement_id
      where dr.device_id = d.id and dr.next_due_date is null
    ) unknown on true
    left join lateral (
      select json_agg(json_build_object(
          'severity', df.severity, 'description', df.description,
          'found_on', to_char((i.completed_date at time zone o.time_zone)::date, 'YYYY-MM-DD'))
        order by array_position(array['critical','impairment','non_critical']::deficiency_severity[], df.severity), df.id) as list
      from deficiencies df join inspections i on i.id = df.inspection_id
      where df.device_id = d.id and df.corrected_on is null
    ) defs on true
    where d.organization_id = ${organizationId} and d.property_id = ${propertyId} and d.status in ('in_service', 'out_of_service')
    -- Floors are text ("2", "10", "Basement"): numbered ones in their number's order, so floor 10 follows floor 9.
    order by d.item_type, d.building, substring(d.floor from '^-?[0-9]{1,6}')::int, d.floor, d.walk_order, d.id
    limit ${limit}`);
}

/** How many of the property's devices are on its walls, and how many were removed or replaced, by item type. */
export function deviceCounts(db: DbOrTx, organizationId: number, propertyId: number) {
  return db.execute<{ item_type: string; listed: number; gone: number }>(sql`
    select item_type, count(*) filter (where status in ('in_service', 'out_of_service'))::int as listed,
      count(*) filter (where status in ('removed', 'replaced'))::int as gone
    from devices
    where organization_id = ${organizationId} and property_id = ${propertyId}
    group by item_type`);
}
