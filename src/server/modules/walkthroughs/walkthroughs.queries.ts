import { sql } from 'drizzle-orm';
import type { DeviceStatus, WalkthroughResult, WalkthroughStatus } from '@shared/devices';
import type { InspectionType } from '@shared/enums';
import type { DeficiencySeverity } from '@shared/records';
import { propertyScope, type Reach } from '../../access';
import type { DbOrTx } from '../../db/client';
import { walkingOrderSql } from '../devices/walking-order.sql';

/** The walks the caller reaches: their organisation's, on the properties they were given. */
const reached = (reach: Reach) => sql`w.organization_id = ${reach.id} and ${propertyScope(reach, sql`w.property_id`)}`;

/** What a walk needs of its activity: the checklist is found by the library row's key. */
export interface WalkRequirement {
  id: number;
  property_id: number;
  item_type: InspectionType;
  activity: string;
  active: boolean;
  source: string | null;
  library_key: string | null;
  code_set: string;
}

export async function findRequirement(db: DbOrTx, reach: Reach, propertyId: number, requirementId: number): Promise<WalkRequirement | undefined> {
  const result = await db.execute<WalkRequirement & Record<string, unknown>>(sql`
    select r.id, r.property_id, r.item_type, r.activity, r.active, r.source, l.key as library_key, p.code_set
    from requirements r
    join properties p on p.id = r.property_id
    left join requirement_library l on l.id = r.library_id
    where r.id = ${requirementId} and r.property_id = ${propertyId} and r.organization_id = ${reach.id}`);
  return result.rows[0];
}

/** In-service devices that have the activity (device_requirements_requirement_due_idx). */
export async function countWalkableDevices(db: DbOrTx, requirementId: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from device_requirements dr join devices d on d.id = dr.device_id
    where dr.requirement_id = ${requirementId} and d.status = 'in_service'`);
  return result.rows[0]?.n ?? 0;
}

export interface WalkRow {
  id: number;
  organization_id: number;
  property_id: number;
  requirement_id: number;
  inspection_id: number;
  status: WalkthroughStatus;
  item_type: InspectionType;
  /** The activity's library row, which finds its checklist. */
  library_key: string | null;
  /** Its inspection's status: completed or cancelled through the inspection's own page, the walk is over. */
  inspection_status: string;
}

const WALK_COLUMNS = sql`w.id, w.organization_id, w.property_id, w.requirement_id, w.inspection_id, w.status, r.item_type, l.key as library_key, i.status as inspection_status`;
const WALK_FROM = sql`walkthroughs w join requirements r on r.id = w.requirement_id join inspections i on i.id = w.inspection_id left join requirement_library l on l.id = r.library_id`;

/** The open walk of an activity, locked (walkthroughs_open_key). */
export async function lockOpenWalk(db: DbOrTx, propertyId: number, requirementId: number): Promise<WalkRow | undefined> {
  const result = await db.execute<WalkRow & Record<string, unknown>>(sql`
    select ${WALK_COLUMNS} from ${WALK_FROM}
    where w.property_id = ${propertyId} and w.requirement_id = ${requirementId} and w.status = 'open'
    for update of w`);
  return result.rows[0];
}

/** A walk the caller reaches, locked for the rest of the transaction. */
export async function lockWalk(db: DbOrTx, reach: Reach, id: number): Promise<WalkRow | undefined> {
  const result = await db.execute<WalkRow & Record<string, unknown>>(sql`
    select ${WALK_COLUMNS} from ${WALK_FROM} where w.id = ${id} and ${reached(reach)} for update of w`);
  return result.rows[0];
}

export async function insertWalk(db: DbOrTx, values: { organizationId: number; propertyId: number; requirementId: number; inspectionId: number; startedBy: number }): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    insert into walkthroughs (organization_id, property_id, requirement_id, inspection_id, started_by)
    values (${values.organizationId}, ${values.propertyId}, ${values.requirementId}, ${values.inspectionId}, ${values.startedBy})
    returning id`);
  return result.rows[0]!.id;
}

/** A walk whose inspection was completed or cancelled elsewhere: over, so the activity can be walked again. */
export async function markAbandoned(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`update walkthroughs set status = 'abandoned', updated_at = now() where id = ${id}`);
}

export async function markFinished(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`update walkthroughs set status = 'finished', finished_at = now(), updated_at = now() where id = ${id}`);
}

export async function touchWalk(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`update walkthroughs set updated_at = now() where id = ${id}`);
}

/** The name a new inspection is assigned to: the person who starts the walk. */
export async function personName(db: DbOrTx, userId: number): Promise<string> {
  const result = await db.execute<{ name: string }>(sql`select coalesce(nullif(full_name, ''), username) as name from users where id = ${userId}`);
  return result.rows[0]?.name ?? 'Unassigned';
}

/** The requirement's open inspection, adopted by the walk: in progress now, and the inspector's when an inspector walks. */
export async function startInspection(db: DbOrTx, inspectionId: number, inspectorId: number | null): Promise<void> {
  await db.execute(sql`
    update inspections set status = 'in_progress', inspector_id = coalesce(${inspectorId}::int, inspector_id), updated_at = now()
    where id = ${inspectionId}`);
}

/** An inspection for the walk when its activity has none open: due today, assigned to whoever starts it. */
export async function insertInspection(
  db: DbOrTx,
  values: { organizationId: number; propertyId: number; itemType: InspectionType; requirementId: number; dueDate: string; assignedTo: string; inspectorId: number | null },
): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    insert into inspections (organization_id, property_id, inspection_type, requirement_id, activity_basis, due_date, assigned_to, inspector_id, status)
    values (${values.organizationId}, ${values.propertyId}, ${values.itemType}, ${values.requirementId}, 'stated', ${values.dueDate}, ${values.assignedTo},
      ${values.inspectorId}::int, 'in_progress')
    returning id`);
  return result.rows[0]!.id;
}

export interface WalkHeaderRow {
  id: number;
  property_id: number;
  property_name: string;
  requirement_id: number;
  activity: string;
  item_type: InspectionType;
  requirement_source: string | null;
  library_key: string | null;
  code_set: string;
  inspection_id: number;
  status: WalkthroughStatus;
  started_at: Date;
  started_by: string | null;
  finished_at: Date | null;
  total: number;
  done: number;
  passed: number;
  failed: number;
  not_accessible: number;
}

/**
 * The walks with their progress, counted in SQL: the devices of the activity in service or
 * already tapped, and the taps (walkthrough_results_device_key, device_requirements_requirement_due_idx).
 */
async function selectWalks(db: DbOrTx, where: ReturnType<typeof sql>): Promise<WalkHeaderRow[]> {
  const result = await db.execute<WalkHeaderRow & Record<string, unknown>>(sql`
    select w.id, w.property_id, p.name as property_name, w.requirement_id, r.activity, r.item_type, r.source as requirement_source,
      l.key as library_key, p.code_set, w.inspection_id, w.status, w.started_at, coalesce(nullif(u.full_name, ''), u.username) as started_by, w.finished_at,
      c.total, c.done, c.passed, c.failed, c.not_accessible
    from walkthroughs w
    join properties p on p.id = w.property_id
    join requirements r on r.id = w.requirement_id
    left join requirement_library l on l.id = r.library_id
    left join users u on u.id = w.started_by
    cross join lateral (
      select count(*)::int as total, count(wr.id)::int as done,
        (count(*) filter (where wr.result = 'pass'))::int as passed,
        (count(*) filter (where wr.result = 'fail'))::int as failed,
        (count(*) filter (where wr.result = 'not_accessible'))::int as not_accessible
      from device_requirements dr
      join devices d on d.id = dr.device_id
      left join walkthrough_results wr on wr.walkthrough_id = w.id and wr.device_id = d.id
      where dr.requirement_id = w.requirement_id and (d.status = 'in_service' or wr.id is not null)
    ) c
    where ${where}
    order by w.started_at desc, w.id desc`);
  return result.rows;
}

export async function findWalk(db: DbOrTx, reach: Reach, id: number): Promise<WalkHeaderRow | undefined> {
  const [row] = await selectWalks(db, sql`${reached(reach)} and w.id = ${id}`);
  return row;
}

/** A property's open walks (walkthroughs_open_key). */
export function listOpenWalks(db: DbOrTx, reach: Reach, propertyId: number): Promise<WalkHeaderRow[]> {
  return selectWalks(db, sql`${reached(reach)} and w.property_id = ${propertyId} and w.status = 'open'`);
}

export interface WalkDeviceRow {
  device_id: number;
  tag: string;
  subtype: string | null;
  rating: string | null;
  building: string | null;
  floor: string | null;
  room: string | null;
  description: string | null;
  status: DeviceStatus;
  next_due_date: string | null;
  client_id: string | null;
  result: WalkthroughResult | null;
  reason: string | null;
  failed_checks: string[] | null;
  deficiency_id: number | null;
  recorded_at: Date | null;
  recorded_by: string | null;
}

/**
 * The walk's devices in walking order, each with its tap: one statement for a building of any
 * size. Devices of the activity in service, and any other already tapped on this walk (a unit
 * taken out of service after its Fail stays in the list it was found in). The device list is
 * found through devices_property_walk_idx and ordered as the Devices tab orders them; each
 * one's clock and tap by their unique keys.
 */
export async function listWalkDevices(db: DbOrTx, walk: { id: number; property_id: number; requirement_id: number; item_type: InspectionType }): Promise<WalkDeviceRow[]> {
  const result = await db.execute<WalkDeviceRow & Record<string, unknown>>(sql`
    select d.id as device_id, d.tag, d.subtype, d.rating, d.building, d.floor, d.room, d.location_description as description, d.status,
      to_char(dr.next_due_date, 'YYYY-MM-DD') as next_due_date,
      wr.client_id, wr.result, wr.reason, wr.failed_checks, wr.deficiency_id, wr.recorded_at, coalesce(nullif(u.full_name, ''), u.username) as recorded_by
    from devices d
    join device_requirements dr on dr.device_id = d.id and dr.requirement_id = ${walk.requirement_id}
    left join walkthrough_results wr on wr.walkthrough_id = ${walk.id} and wr.device_id = d.id
    left join users u on u.id = wr.recorded_by
    where d.property_id = ${walk.property_id} and d.item_type = ${walk.item_type} and (d.status = 'in_service' or wr.id is not null)
    order by ${walkingOrderSql('d')}`);
  return result.rows;
}

/** A device the walk may record: of its property and activity, in service (or tapped already). */
export async function findWalkDevice(db: DbOrTx, walk: WalkRow, deviceId: number) {
  const result = await db.execute<{ id: number; tag: string; item_type: InspectionType; building: string | null; floor: string | null; room: string | null; description: string | null; in_service: boolean } & Record<string, unknown>>(sql`
    select d.id, d.tag, d.item_type, d.building, d.floor, d.room, d.location_description as description, d.status = 'in_service' as in_service
    from devices d join device_requirements dr on dr.device_id = d.id and dr.requirement_id = ${walk.requirement_id}
    where d.id = ${deviceId} and d.property_id = ${walk.property_id} and d.organization_id = ${walk.organization_id}`);
  return result.rows[0];
}

export interface ResultRow {
  id: number;
  walkthrough_id: number;
  device_id: number;
  client_id: string;
  result: WalkthroughResult;
  reason: string | null;
  failed_checks: string[] | null;
  deficiency_id: number | null;
  recorded_at: Date;
  recorded_by: string | null;
}

const RESULT_COLUMNS = sql`wr.id, wr.walkthrough_id, wr.device_id, wr.client_id, wr.result, wr.reason, wr.failed_checks, wr.deficiency_id, wr.recorded_at,
  coalesce(nullif(u.full_name, ''), u.username) as recorded_by`;

export interface TapIdRow {
  organization_id: number;
  walkthrough_id: number;
  device_id: number;
}

/** Where a tap id was seen, in any organisation: ids are unique across Firemark (walkthrough_tap_ids_pkey). */
export async function findTapId(db: DbOrTx, clientId: string): Promise<TapIdRow | undefined> {
  const result = await db.execute<TapIdRow & Record<string, unknown>>(sql`
    select organization_id, walkthrough_id, device_id from walkthrough_tap_ids where client_id = ${clientId}`);
  return result.rows[0];
}

/** Keeps a tap's id; false when another tap took it at the same moment. */
export async function insertTapId(db: DbOrTx, values: { clientId: string; organizationId: number; walkId: number; deviceId: number }): Promise<boolean> {
  const result = await db.execute(sql`
    insert into walkthrough_tap_ids (client_id, organization_id, walkthrough_id, device_id)
    values (${values.clientId}, ${values.organizationId}, ${values.walkId}, ${values.deviceId})
    on conflict (client_id) do nothing`);
  return (result.rowCount ?? 0) > 0;
}

export async function findResult(db: DbOrTx, walkId: number, deviceId: number): Promise<ResultRow | undefined> {
  const result = await db.execute<ResultRow & Record<string, unknown>>(sql`
    select ${RESULT_COLUMNS} from walkthrough_results wr left join users u on u.id = wr.recorded_by
    where wr.walkthrough_id = ${walkId} and wr.device_id = ${deviceId}`);
  return result.rows[0];
}

/** A device's tap on a walk: the latest one replaces what was there (walkthrough_results_device_key). */
export async function upsertResult(
  db: DbOrTx,
  values: { organizationId: number; walkId: number; deviceId: number; clientId: string; result: WalkthroughResult; reason: string | null; failedChecks: string[] | null; deficiencyId: number | null; recordedBy: number },
): Promise<void> {
  await db.execute(sql`
    insert into walkthrough_results (organization_id, walkthrough_id, device_id, client_id, result, reason, failed_checks, deficiency_id, recorded_by)
    values (${values.organizationId}, ${values.walkId}, ${values.deviceId}, ${values.clientId}, ${values.result}, ${values.reason},
      ${values.failedChecks === null ? null : `{${values.failedChecks.map((k) => JSON.stringify(k)).join(',')}}`}::text[], ${values.deficiencyId}::int, ${values.recordedBy})
    on conflict (walkthrough_id, device_id) do update set
      client_id = excluded.client_id, result = excluded.result, reason = excluded.reason, failed_checks = excluded.failed_checks,
      deficiency_id = excluded.deficiency_id, recorded_by = excluded.recorded_by, recorded_at = now()`);
}

export async function deleteResult(db: DbOrTx, walkId: number, deviceId: number): Promise<void> {
  await db.execute(sql`delete from walkthrough_results where walkthrough_id = ${walkId} and device_id = ${deviceId}`);
}

export interface FoundDeficiency {
  description: string;
  severity: DeficiencySeverity;
  location: string;
  correctiveAction: string | null;
}

/** A Fail's deficiency, on the walk's inspection, naming the device. */
export async function insertDeficiency(
  db: DbOrTx,
  owner: { organizationId: number; propertyId: number; inspectionId: number; itemType: InspectionType; deviceId: number },
  found: FoundDeficiency,
): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    insert into deficiencies (organization_id, property_id, inspection_id, item_type, device_id, description, severity, location, corrective_action)
    values (${owner.organizationId}, ${owner.propertyId}, ${owner.inspectionId}, ${owner.itemType}, ${owner.deviceId},
      ${found.description}, ${found.severity}, ${found.location}, ${found.correctiveAction})
    returning id`);
  return result.rows[0]!.id;
}

/** A Fail tapped again with other checks: its open deficiency says what the latest tap says. Corrected ones stay as they were. */
export async function updateOpenDeficiency(db: DbOrTx, id: number, found: FoundDeficiency): Promise<boolean> {
  const result = await db.execute(sql`
    update deficiencies set description = ${found.description}, severity = ${found.severity}, location = ${found.location},
      corrective_action = ${found.correctiveAction}, updated_at = now()
    where id = ${id} and corrected_on is null`);
  return (result.rowCount ?? 0) > 0;
}

/**
 * A Fail taken back (changed to Pass or Not accessible, or cleared) while its deficiency is
 * still open: the finding was a mistake, so it goes, photos with it (their bytes go with the
 * daily sweep of files no row names). One already corrected is a record of work done and stays.
 */
export async function deleteOpenDeficiency(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`delete from deficiencies where id = ${id} and corrected_on is null`);
}

/** The devices the walk reached with a Pass or a Fail: their clocks move when it finishes. */
export async function reachedDevices(db: DbOrTx, walkId: number): Promise<{ device_id: number; result: WalkthroughResult }[]> {
  const result = await db.execute<{ device_id: number; result: WalkthroughResult }>(sql`
    select device_id, result from walkthrough_results where walkthrough_id = ${walkId} and result in ('pass', 'fail') order by device_id`);
  return result.rows;
}

/** The walk's taps that are not a Pass, in walking order, for the inspection's notes. */
export async function findings(db: DbOrTx, walkId: number) {
  const result = await db.execute<{ tag: string; result: WalkthroughResult; reason: string | null; description: string | null; building: string | null; floor: string | null; room: string | null; location: string | null }>(sql`
    select d.tag, wr.result, wr.reason, df.description, d.building, d.floor, d.room, d.location_description as location
    from walkthrough_results wr
    join devices d on d.id = wr.device_id
    left join deficiencies df on df.id = wr.deficiency_id
    where wr.walkthrough_id = ${walkId} and wr.result <> 'pass'
    order by ${walkingOrderSql('d')}`);
  return result.rows;
}

/** Whether a finished walk recorded the inspection (walkthroughs_inspection_idx). */
export async function recordedByFinishedWalk(db: DbOrTx, inspectionId: number): Promise<boolean> {
  const result = await db.execute(sql`select 1 from walkthroughs where inspection_id = ${inspectionId} and status = 'finished' limit 1`);
  return result.rows.length > 0;
}

/** The completed inspection's result, and the activity's next open inspection. */
export async function finishedOutcome(db: DbOrTx, inspectionId: number, requirementId: number) {
  const result = await db.execute<{ result: 'compliant' | 'non_compliant' | null; next_id: number | null }>(sql`
    select i.compliance_result as result,
      (select n.id from inspections n where n.requirement_id = ${requirementId} and n.status in ('scheduled', 'in_progress') and n.id <> i.id
        order by n.due_date, n.id limit 1) as next_id
    from inspections i where i.id = ${inspectionId}`);
  return result.rows[0];
}

/**
 * The reached devices' clocks for the walk's activity: done on the completion day with its
 * result, never moving a clock back past a later one already recorded. Their next due dates
 * follow by the devices module's rule when the item settles (syncDeviceRequirements).
 */
export async function recordDeviceResults(
  db: DbOrTx,
  requirementId: number,
  doneOn: string,
  results: { deviceId: number; result: 'compliant' | 'non_compliant' }[],
): Promise<void> {
  if (results.length === 0) return;
  await db.execute(sql`
    update device_requirements dr set last_done_on = ${doneOn}::date, last_result = x.result::compliance_result, updated_at = now()
    from unnest(${`{${results.map((r) => r.deviceId).join(',')}}`}::int[], ${`{${results.map((r) => r.result).join(',')}}`}::text[]) as x(device_id, result)
    where dr.device_id = x.device_id and dr.requirement_id = ${requirementId}
      and (dr.last_done_on is null or dr.last_done_on <= ${doneOn}::date)`);
}
