import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ActivityBasis } from '@shared/activity-basis';
import type { InspectionStatus, InspectionType } from '@shared/enums';
import type { DeficiencySeverity } from '@shared/records';
import type { Deficiency, DeficiencyPhoto, DeficiencyValues } from '@shared/schemas/deficiency';
import { inspectionScope, propertyScope, type Reach } from '../../access';
import type { DbOrTx } from '../../db/client';

/** The deficiencies the caller reaches: those of the properties they were given (server/access.ts). */
const reached = (reach: Reach) => sql`d.organization_id = ${reach.id} and ${propertyScope(reach, sql`d.property_id`)}`;
import { preparedRows } from '../../db/prepared';
import { deficiencies, deficiencyPhotos, inspections } from '../../db/schema/index';

export type DeficiencyRow = typeof deficiencies.$inferSelect;
export type PhotoRow = typeof deficiencyPhotos.$inferSelect;

export async function insertDeficiencies(
  db: DbOrTx,
  owner: { organizationId: number; propertyId: number; inspectionId: number; itemType: InspectionType },
  values: DeficiencyValues[],
): Promise<number[]> {
  const rows = await db.insert(deficiencies).values(values.map((v) => ({ ...owner, ...v }))).returning({ id: deficiencies.id });
  return rows.map((row) => row.id);
}

/** An edit of what was found; `updated_at` moves so a copy kept elsewhere is known to be older. */
export async function updateDeficiency(db: DbOrTx, id: number, values: DeficiencyValues): Promise<void> {
  await db
    .update(deficiencies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(deficiencies.id, id));
}

/** The inspection a new deficiency is added to, locked, as the caller reaches it (an inspector: their own). */
export async function lockInspectionForDeficiency(db: DbOrTx, reach: Reach, inspectionId: number) {
  const result = await db.execute<{ id: number; property_id: number; inspection_type: InspectionType; status: InspectionStatus; compliance_result: string | null; requirement_id: number | null }>(sql`
    select i.id, i.property_id, i.inspection_type, i.status, i.compliance_result, i.requirement_id
    from inspections i
    where i.id = ${inspectionId} and i.organization_id = ${reach.id}
      and ${propertyScope(reach, sql`i.property_id`)} and ${inspectionScope(reach, sql`i.inspector_id`)}
    for no key update`);
  return result.rows[0];
}

type Row = {
  id: number;
  property_id: number;
  property_name: string;
  inspection_id: number;
  item_type: InspectionType;
  description: string;
  severity: DeficiencySeverity;
  location: string | null;
  corrective_action: string | null;
  due_by: string | null;
  corrected_on: string | null;
  corrected_by: string | null;
  correction_note: string | null;
  found_on: string | null;
  created_at: Date;
  updated_at: Date;
  photos: { id: number; contentType: string; byteSize: number; createdAt: string; quarantined: boolean }[];
  retest_id: number | null;
  retest_due_date: string | null;
  retest_status: InspectionStatus | null;
};

export const photoUrl = (deficiencyId: number, photoId: number) => `/api/deficiencies/${deficiencyId}/photos/${photoId}`;

export const toPhoto = (deficiencyId: number, row: PhotoRow): DeficiencyPhoto => ({
  id: row.id,
  contentType: row.contentType,
  byteSize: row.byteSize,
  createdAt: row.createdAt.toISOString(),
  url: photoUrl(deficiencyId, row.id),
  quarantined: row.quarantinedAt !== null,
});

function toDeficiency(row: Row): Deficiency {
  return {
    id: row.id,
    propertyId: row.property_id,
    property: { id: row.property_id, name: row.property_name },
    inspectionId: row.inspection_id,
    itemType: row.item_type,
    description: row.description,
    severity: row.severity,
    location: row.location,
    correctiveAction: row.corrective_action,
    dueBy: row.due_by,
    correctedOn: row.corrected_on,
    correctedBy: row.corrected_by,
    correctionNote: row.correction_note,
    foundOn: row.found_on,
    photos: row.photos.map((p) => ({ ...p, createdAt: new Date(p.createdAt).toISOString(), url: photoUrl(row.id, p.id) })),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    inspectionRetest: row.retest_id === null ? null : { id: row.retest_id, dueDate: row.retest_due_date!, status: row.retest_status! },
  };
}

/** Open ones first (critical, then impairment, then non-critical), then the latest corrected. */
const ORDER = sql`(d.corrected_on is null) desc, array_position(array['critical','impairment','non_critical']::deficiency_severity[], d.severity), d.due_by asc nulls last, d.corrected_on desc, d.id`;

async function selectDeficiencies(db: DbOrTx, where: SQL, limit = 1000): Promise<Deficiency[]> {
  const rows = await preparedRows<Row>(db, sql`
    select d.id, d.property_id, p.name as property_name, d.inspection_id, d.item_type, d.description, d.severity,
      d.location, d.corrective_action, d.due_by, d.corrected_on, d.corrected_by, d.correction_note, d.created_at, d.updated_at,
      to_char((i.completed_date at time zone o.time_zone)::date, 'YYYY-MM-DD') as found_on,
      coalesce((
        select json_agg(json_build_object('id', ph.id, 'contentType', ph.content_type, 'byteSize', ph.byte_size, 'createdAt', ph.created_at, 'quarantined', ph.quarantined_at is not null) order by ph.id)
        from deficiency_photos ph where ph.deficiency_id = d.id
      ), '[]'::json) as photos,
      rt.id as retest_id, to_char(rt.due_date, 'YYYY-MM-DD') as retest_due_date, rt.status as retest_status
    from deficiencies d
    join properties p on p.id = d.property_id
    join inspections i on i.id = d.inspection_id
    join organizations o on o.id = d.organization_id
    -- The re-test its correction scheduled, on the inspection that found it (inspections_retest_of_idx).
    left join inspections rt on rt.retest_of_id = d.inspection_id
    where ${where}
    order by ${ORDER}
    limit ${limit}`);
  return rows.map(toDeficiency);
}

export interface DeficiencyFilter {
  status: 'open' | 'corrected' | 'all';
  severity?: DeficiencySeverity;
}

function filterSql(filter: DeficiencyFilter): SQL {
  const parts: SQL[] = [];
  if (filter.status === 'open') parts.push(sql`d.corrected_on is null`);
  if (filter.status === 'corrected') parts.push(sql`d.corrected_on is not null`);
  if (filter.severity) parts.push(sql`d.severity = ${filter.severity}`);
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

export function listForProperty(db: DbOrTx, organizationId: number, propertyId: number, filter: DeficiencyFilter) {
  return selectDeficiencies(db, sql`d.organization_id = ${organizationId} and d.property_id = ${propertyId}${filterSql(filter)}`);
}

export function listForInspection(db: DbOrTx, organizationId: number, inspectionId: number) {
  return selectDeficiencies(db, sql`d.organization_id = ${organizationId} and d.inspection_id = ${inspectionId}`);
}

/** The deficiencies of these ids (a page chosen elsewhere), in no particular order. */
export function deficienciesByIds(db: DbOrTx, organizationId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectDeficiencies(db, sql`d.organization_id = ${organizationId} and d.id = any(${`{${ids.join(',')}}`}::int[])`, ids.length);
}

/** Open critical deficiencies of the account, for the bell. */
export function listOpenCritical(db: DbOrTx, reach: Reach, limit: number) {
  return selectDeficiencies(db, sql`${reached(reach)} and d.corrected_on is null and d.severity = 'critical'`, limit);
}

export async function inspectionExists(db: DbOrTx, reach: Reach, inspectionId: number): Promise<boolean> {
  const result = await db.execute(sql`select 1 from inspections i where i.id = ${inspectionId} and i.organization_id = ${reach.id}
    and ${propertyScope(reach, sql`i.property_id`)} and ${inspectionScope(reach, sql`i.inspector_id`)}`);
  return result.rows.length > 0;
}

export async function findDeficiency(db: DbOrTx, reach: Reach, id: number): Promise<Deficiency | undefined> {
  const [row] = await selectDeficiencies(db, sql`${reached(reach)} and d.id = ${id}`, 1);
  return row;
}

/** The row, locked for the rest of the transaction, with what settling compliance needs. */
export async function lockDeficiency(db: DbOrTx, reach: Reach, id: number) {
  const result = await db.execute<{ id: number; property_id: number; inspection_id: number; item_type: InspectionType; requirement_id: number | null; corrected_on: string | null; updated_at: Date }>(sql`
    select d.id, d.property_id, d.inspection_id, d.item_type, i.requirement_id, d.corrected_on, d.updated_at
    from deficiencies d join inspections i on i.id = d.inspection_id
    where d.id = ${id} and ${reached(reach)}
    for update of d`);
  return result.rows[0];
}

export async function markCorrected(db: DbOrTx, id: number, values: { correctedOn: string; correctedBy: string; note: string | null }): Promise<void> {
  await db
    .update(deficiencies)
    .set({ correctedOn: values.correctedOn, correctedBy: values.correctedBy, correctionNote: values.note, updatedAt: new Date() })
    .where(eq(deficiencies.id, id));
}

export async function accountOpenCounts(db: DbOrTx, reach: Reach): Promise<{ open: number; critical: number }> {
  const [row] = await preparedRows<{ open: number; critical: number }>(db, sql`
    select count(*)::int as open, (count(*) filter (where severity = 'critical'))::int as critical
    from deficiencies d where ${reached(reach)} and d.corrected_on is null`);
  return row ?? { open: 0, critical: 0 };
}

/** A new photo's row; its bytes are always the image codec's output (photo-encode.ts), hence reencoded_at. */
export async function insertPhoto(db: DbOrTx, values: Pick<typeof deficiencyPhotos.$inferInsert, 'organizationId' | 'deficiencyId' | 'storageKey' | 'contentType' | 'byteSize'>): Promise<PhotoRow> {
  const [row] = await db.insert(deficiencyPhotos).values({ ...values, reencodedAt: sql`now()` }).returning();
  return row!;
}

export async function findPhoto(db: DbOrTx, organizationId: number, deficiencyId: number, photoId: number): Promise<PhotoRow | undefined> {
  const [row] = await db
    .select()
    .from(deficiencyPhotos)
    .where(and(eq(deficiencyPhotos.id, photoId), eq(deficiencyPhotos.deficiencyId, deficiencyId), eq(deficiencyPhotos.organizationId, organizationId)));
  return row;
}

export async function deletePhoto(db: DbOrTx, id: number): Promise<void> {
  await db.delete(deficiencyPhotos).where(eq(deficiencyPhotos.id, id));
}

export async function countPhotos(db: DbOrTx, deficiencyId: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from deficiency_photos where deficiency_id = ${deficiencyId}`);
  return result.rows[0]?.n ?? 0;
}

/**
 * Photos stored before uploads were re-encoded and not yet checked, locked for the caller's
 * transaction; rows another instance holds are skipped, so instances share the work.
 */
export async function lockPhotosToReencode(db: DbOrTx, limit: number, afterId = 0) {
  const result = await db.execute<{ id: number; storage_key: string }>(sql`
    select id, storage_key from deficiency_photos
    where reencoded_at is null and quarantined_at is null and id > ${afterId}
    order by id
    limit ${limit}
    for update skip locked`);
  return result.rows;
}

export async function markReencoded(db: DbOrTx, id: number, values: { contentType: string; byteSize: number }): Promise<void> {
  await db.update(deficiencyPhotos).set({ contentType: values.contentType, byteSize: values.byteSize, reencodedAt: sql`now()` }).where(eq(deficiencyPhotos.id, id));
}

export async function quarantinePhoto(db: DbOrTx, id: number, reason: string): Promise<void> {
  await db.update(deficiencyPhotos).set({ quarantinedAt: sql`now()`, quarantineReason: reason }).where(eq(deficiencyPhotos.id, id));
}

/**
 * The failed inspection a correction belongs to, locked, once none of its deficiencies is open
 * and no re-test of it exists: what a re-test copies (requirement, assignee, inspector). Undefined
 * while one is open, or when it has a re-test, or when it is not a failure any more.
 */
export async function lockRetestCandidate(db: DbOrTx, inspectionId: number) {
  const result = await db.execute<{ id: number; organization_id: number; property_id: number; inspection_type: InspectionType; requirement_id: number | null; activity_basis: ActivityBasis; assigned_to: string; inspector_id: number | null; performed_on: string; code_set: string }>(sql`
    select i.id, i.organization_id, i.property_id, i.inspection_type, i.requirement_id, i.activity_basis, i.assigned_to, i.inspector_id,
      to_char((i.completed_date at time zone o.time_zone)::date, 'YYYY-MM-DD') as performed_on, p.code_set
    from inspections i join organizations o on o.id = i.organization_id join properties p on p.id = i.property_id
    where i.id = ${inspectionId} and i.status = 'completed' and i.compliance_result = 'non_compliant'
      and not exists (select 1 from deficiencies d where d.inspection_id = i.id and d.corrected_on is null)
      and not exists (select 1 from inspections rt where rt.retest_of_id = i.id)
      -- A later result of the same activity already settles it: nothing to re-test for compliance.
      and not exists (
        select 1 from inspections later
        where later.property_id = i.property_id and later.inspection_type = i.inspection_type
          and later.requirement_id is not distinct from i.requirement_id and later.id <> i.id
          and later.status = 'completed' and later.compliance_result is not null and later.completed_date > i.completed_date)
    for update of i`);
  return result.rows[0];
}

/** The re-test of a failed inspection, due `dueDate`, assigned as the failure was. */
export async function insertRetest(
  db: DbOrTx,
  failed: { id: number; organization_id: number; property_id: number; inspection_type: InspectionType; requirement_id: number | null; activity_basis: ActivityBasis; assigned_to: string; inspector_id: number | null },
  dueDate: string,
  instructions: string,
): Promise<number> {
  const [row] = await db
    .insert(inspections)
    .values({
      organizationId: failed.organization_id,
      propertyId: failed.property_id,
      inspectionType: failed.inspection_type,
      requirementId: failed.requirement_id,
      // Its activity is known as well as the failure's was: not stated there, not stated here.
      activityBasis: failed.activity_basis,
      dueDate,
      assignedTo: failed.assigned_to,
      inspectorId: failed.inspector_id,
      notes: instructions,
      status: 'scheduled',
      retestOfId: failed.id,
    })
    .returning({ id: inspections.id });
  return row!.id;
}
