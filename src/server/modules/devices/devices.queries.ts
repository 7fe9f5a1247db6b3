import { sql, type SQL } from 'drizzle-orm';
import { DUE_SOON_DAYS } from '@shared/compliance';
import type { DeviceStatus } from '@shared/devices';
import type { InspectionType } from '@shared/enums';
import type { CreateDeviceValues, DeviceResponse } from '@shared/schemas/device';
import { propertyScope, type Reach } from '../../access';
import type { DbOrTx } from '../../db/client';
import { walkingOrderSql } from './walking-order.sql';
import { lockAccount } from '../subscription/subscription.queries';
import { effectiveDoneOnSql, effectiveResultSql, plainDoneSql } from './plain-completions.sql';

/** The SQL of devices: their rows, their roll-up for the list and page, and their writes. */

type Row = {
  id: number;
  property_id: number;
  property_name: string;
  item_type: InspectionType;
  subtype: string | null;
  answers: Record<string, string[]>;
  rating: string | null;
  building: string | null;
  floor: string | null;
  room: string | null;
  location_description: string | null;
  tag: string;
  serial_number: string | null;
  manufacturer: string | null;
  model: string | null;
  manufactured_month: string | null;
  installed_on: string | null;
  status: DeviceStatus;
  status_reason: string | null;
  replaced_by_id: number | null;
  notes: string | null;
  compliance: DeviceResponse['compliance'];
  next_due_date: string | null;
  last_inspected_on: string | null;
  open_deficiencies: number;
  created_at: Date | string;
  updated_at: Date | string;
};

const iso = (v: Date | string) => new Date(v).toISOString();

function toResponse(row: Row): DeviceResponse {
  return {
    id: row.id,
    propertyId: row.property_id,
    propertyName: row.property_name,
    itemType: row.item_type,
    subtype: row.subtype,
    answers: row.answers ?? {},
    rating: row.rating,
    location: { building: row.building, floor: row.floor, room: row.room, description: row.location_description },
    tag: row.tag,
    serialNumber: row.serial_number,
    manufacturer: row.manufacturer,
    model: row.model,
    manufacturedOn: row.manufactured_month,
    installedOn: row.installed_on,
    status: row.status,
    statusReason: row.status_reason,
    replacedById: row.replaced_by_id,
    notes: row.notes,
    compliance: row.compliance,
    nextDueDate: row.next_due_date,
    lastInspectedOn: row.last_inspected_on,
    openDeficiencies: Number(row.open_deficiencies),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/**
 * A device's roll-up of its own clocks (decision 042): non-compliant when out of service, when
 * its last result failed or a deficiency found on it is open; then overdue and due soon as an
 * item's are (effectiveItemStatusSql); never inspected while none of its clocks has a result;
 * unknown when a date cannot be counted (no month of manufacture) or it has no clocks (removed,
 * replaced, or nothing applies to it); compliant otherwise.
 */
function complianceSql(today: string): SQL {
  return sql`(case
    when d.status = 'out_of_service' or agg.failed or open.count > 0 then 'non_compliant'
    when agg.next_due < ${today}::date then 'overdue'
    when agg.next_due <= ${today}::date + ${DUE_SOON_DAYS}::int then 'due_soon'
    when agg.rows = 0 or agg.unknown then 'unknown'
    when not agg.any_result then 'never_inspected'
    else 'compliant' end)`;
}

/**
 * The devices `where` chooses (over devices d), as deviceResponse, in walking order: item type,
 * building, floor (numbered floors by number), walk order, id (devices_property_walk_idx). Reusable by every module that
 * answers devices (bulk add, import, walk-through, report).
 */
export async function selectDevices(db: DbOrTx, where: SQL, today: string): Promise<DeviceResponse[]> {
  const result = await db.execute<Row & Record<string, unknown>>(sql`
    -- The latest plain completion of each requirement of the devices' properties, once each (few
    -- requirements), not once per device row: it counts for every in-service device of it.
    with plain as materialized (${plainDoneSql(sql`r.property_id in (select d.property_id from devices d where ${where})`)})
    select d.id, d.property_id, p.name as property_name, d.item_type, d.subtype, d.answers, d.rating, d.building, d.floor, d.room,
      d.location_description, d.tag, d.serial_number, d.manufacturer, d.model, to_char(d.manufactured_on, 'YYYY-MM') as manufactured_month,
      to_char(d.installed_on, 'YYYY-MM-DD') as installed_on, d.status, d.status_reason, d.replaced_by_id, d.notes,
      ${complianceSql(today)} as compliance,
      to_char(agg.next_due, 'YYYY-MM-DD') as next_due_date, to_char(agg.last_done, 'YYYY-MM-DD') as last_inspected_on,
      open.count as open_deficiencies, d.created_at, d.updated_at
    from devices d
    join properties p on p.id = d.property_id
    cross join lateral (
      select min(dr.next_due_date) as next_due, max(${effectiveDoneOnSql('dr', 'd', 'pd')}) as last_done,
        coalesce(bool_or(${effectiveResultSql('dr', 'd', 'pd')} = 'non_compliant'), false) as failed,
        coalesce(bool_or(${effectiveResultSql('dr', 'd', 'pd')} is not null), false) as any_result,
        coalesce(bool_or(dr.next_due_date is null), false) as unknown,
        count(*)::int as rows
      from device_requirements dr left join plain pd on pd.requirement_id = dr.requirement_id
      where dr.device_id = d.id
    ) agg
    cross join lateral (select count(*)::int as count from deficiencies df where df.device_id = d.id and df.corrected_on is null) open
    where ${where}
    order by d.item_type, ${walkingOrderSql('d')}`);
  return result.rows.map(toResponse);
}

/** Devices of the caller's organisation on properties they reach. */
export const reachable = (account: Reach) => sql`d.organization_id = ${account.id} and ${propertyScope(account, sql`d.property_id`)}`;

/** These devices, of those the caller reaches. */
export const idsWhere = (account: Reach, ids: readonly number[]) => sql`d.id = any(${`{${ids.join(',')}}`}::int[]) and ${reachable(account)}`;

/** GET /api/properties/{id}/devices: one property's devices, filtered, in walking order. */
export function listDevices(
  db: DbOrTx,
  account: Reach,
  propertyId: number,
  query: { itemType?: InspectionType; status?: DeviceStatus; q?: string },
  today: string,
): Promise<DeviceResponse[]> {
  const filters: SQL[] = [reachable(account), sql`d.property_id = ${propertyId}`];
  if (query.itemType) filters.push(sql`d.item_type = ${query.itemType}`);
  if (query.status) filters.push(sql`d.status = ${query.status}`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(sql`(d.tag ilike ${like} or d.serial_number ilike ${like} or d.building ilike ${like} or d.floor ilike ${like}
      or d.room ilike ${like} or d.location_description ilike ${like} or d.manufacturer ilike ${like} or d.model ilike ${like})`);
  }
  return selectDevices(db, sql.join(filters, sql` and `), today);
}

/** One device the caller reaches, or undefined (404 for another organisation's or an ungranted property's). */
export async function findDevice(db: DbOrTx, account: Reach, id: number, today: string): Promise<DeviceResponse | undefined> {
  const [device] = await selectDevices(db, sql`d.id = ${id} and ${reachable(account)}`, today);
  return device;
}

/** By tag (stored upper case), within what the caller reaches. */
export async function findDeviceByTag(db: DbOrTx, account: Reach, tag: string, today: string): Promise<DeviceResponse | undefined> {
  const [device] = await selectDevices(db, sql`d.tag = ${tag.toUpperCase()} and ${reachable(account)}`, today);
  return device;
}

/**
 * One device write at a time per property (a transaction-scoped advisory lock, taken before any
 * row): two writes to one item's devices each count every device's clocks again, and one that
 * deletes a device while the other counts its rows would wait on each other.
 *
 * The order of locks, for every path that changes devices or their clocks: first the account
 * lock (the organisation's row: lockAccountForLimits), then this property lock, then rows. Taps,
 * finishes and inspection completions take the account lock before they settle the item
 * (syncDeviceRequirements); a device write that took only this lock could hold a device's clock
 * rows while a tap held others and each waited on the other (a deadlock, answered 500). So this
 * takes the account lock first itself: device writes of one organisation wait on its taps.
 */
export async function lockPropertyDevices(db: DbOrTx, organizationId: number, propertyId: number): Promise<void> {
  await lockAccount(db, organizationId);
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('devices.write'), ${propertyId})`);
}

/** The property of a device of the organisation, read without a lock (to take the property's lock first). */
export async function propertyOfDevice(db: DbOrTx, organizationId: number, id: number): Promise<number | undefined> {
  const result = await db.execute<{ property_id: number }>(sql`select property_id from devices where id = ${id} and organization_id = ${organizationId}`);
  return result.rows[0]?.property_id;
}

/** The bare row a write starts from, locked for the transaction. */
export async function lockDevice(db: DbOrTx, organizationId: number, id: number) {
  const result = await db.execute<
    { id: number; property_id: number; item_type: InspectionType; status: DeviceStatus; tag: string; subtype: string | null; answers: Record<string, string[]> } & Record<string, unknown>
  >(sql`
    select id, property_id, item_type, status, tag, subtype, answers from devices where id = ${id} and organization_id = ${organizationId} for update`);
  return result.rows[0];
}

export type NewDevice = CreateDeviceValues & { tag: string };

/**
 * Inserts devices of one property, after its existing ones in walking order, in the order
 * given. Returns their ids in that order. Tags must be free (checked before).
 */
export async function insertDevices(db: DbOrTx, input: { organizationId: number; propertyId: number }, values: readonly NewDevice[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = values.map((v, i) => ({
    n: i,
    item_type: v.itemType,
    subtype: v.subtype ?? null,
    answers: v.answers ?? {},
    rating: v.rating ?? null,
    building: v.location?.building ?? null,
    floor: v.location?.floor ?? null,
    room: v.location?.room ?? null,
    location_description: v.location?.description ?? null,
    tag: v.tag,
    serial_number: v.serialNumber ?? null,
    manufacturer: v.manufacturer ?? null,
    model: v.model ?? null,
    manufactured_on: v.manufacturedOn ? `${v.manufacturedOn}-01` : null,
    installed_on: v.installedOn ?? null,
    notes: v.notes ?? null,
  }));
  const result = await db.execute<{ id: number; n: number }>(sql`
    with base as (select coalesce(max(walk_order), 0) as w from devices where property_id = ${input.propertyId}),
    x as (
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(n int, item_type text, subtype text, answers jsonb, rating text,
        building text, floor text, room text, location_description text, tag text, serial_number text, manufacturer text, model text,
        manufactured_on date, installed_on date, notes text)
    ),
    inserted as (
      insert into devices (organization_id, property_id, item_type, subtype, answers, rating, building, floor, room, location_description,
        tag, serial_number, manufacturer, model, manufactured_on, installed_on, notes, walk_order)
      select ${input.organizationId}, ${input.propertyId}, x.item_type::inspection_type, x.subtype, x.answers, x.rating, x.building, x.floor, x.room,
        x.location_description, x.tag, x.serial_number, x.manufacturer, x.model, x.manufactured_on, x.installed_on, x.notes, base.w + x.n + 1
      from x cross join base
      order by x.n
      returning id, walk_order
    )
    select inserted.id, inserted.walk_order - base.w - 1 as n from inserted cross join base order by n`);
  return result.rows.map((r) => r.id);
}

/** The columns a PUT may change, by column name; absent keys are left as they are. */
export async function updateDeviceRow(db: DbOrTx, id: number, set: Record<string, unknown>): Promise<void> {
  const entries = Object.entries(set).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return;
  const assignments = entries.map(([column, value]) =>
    column === 'answers' ? sql`answers = ${JSON.stringify(value)}::jsonb` : sql`${sql.identifier(column)} = ${value as string | number | null}`,
  );
  await db.execute(sql`update devices set ${sql.join(assignments, sql`, `)}, updated_at = now() where id = ${id}`);
}

/** Whether any walk-through result or deficiency names the device: then it is kept, marked removed. */
export async function hasInspectionHistory(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 where exists (select 1 from walkthrough_results where device_id = ${id})
      or exists (select 1 from deficiencies where device_id = ${id})`);
  return result.rows.length > 0;
}

export async function deleteDeviceRow(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`delete from devices where id = ${id}`);
}

/** Whether a device can be the one that replaced another: in service, of the same property and item type. */
export async function sameItemDevice(db: DbOrTx, input: { organizationId: number; propertyId: number; itemType: InspectionType; id: number }) {
  const result = await db.execute(sql`
    select 1 from devices where id = ${input.id} and organization_id = ${input.organizationId} and property_id = ${input.propertyId} and item_type = ${input.itemType}
      and status = 'in_service'`);
  return result.rows.length > 0;
}
