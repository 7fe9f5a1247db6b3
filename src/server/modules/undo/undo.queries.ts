import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { complianceItems, deficiencies, deficiencyPhotos, deviceRequirements, devices, inspections, properties, propertyStatusChanges, reminderLogs, reports, requirementChanges, requirementReminderLogs, requirements, safetyItemAnswers, undoActions, webhookOverdueEvents, membershipProperties, shareLinks, shareLinkViews, walkthroughResults, walkthroughs, walkthroughTapIds } from '../../db/schema/index';

/**
 * What an action can change: the whole property (its deletion), or one inspection of it
 * with what follows from it (the property's requirements, items and open inspections).
 * Completing an inspection never touches the history of completed ones, so that history,
 * which grows by the year, is neither copied nor compared: the cost of an undoable
 * completion stays that of the property's current state, not of its past.
 */
export interface UndoScope {
  propertyId: number;
  /** null: every row of the property. */
  inspectionId: number | null;
}

const inspectionsIn = ({ propertyId, inspectionId }: UndoScope) =>
  inspectionId === null
    ? sql`property_id = ${propertyId}`
    : sql`property_id = ${propertyId} and (id = ${inspectionId} or status in ('scheduled', 'in_progress'))`;
const deficienciesIn = ({ propertyId, inspectionId }: UndoScope) =>
  inspectionId === null ? sql`property_id = ${propertyId}` : sql`property_id = ${propertyId} and inspection_id = ${inspectionId}`;

/**
 * The rows a property's state lives in, in the order they are inserted (references first).
 * `state` rows are put back exactly as they were, and rows the action added are removed;
 * `record` rows (what was sent, what was generated) are only added back where the action's
 * cascade took them away: a reminder logged since stays logged, so nothing is sent twice.
 * A table holding rows of a property must be listed here, or undoing a deletion loses them
 * (undo.test.ts checks this against the database's foreign keys). `wholeProperty` tables
 * are copied only when the property itself is deleted, the one action that takes them away.
 */
const PROPERTY_TABLES: {
  table: PgTable;
  kind: 'state' | 'record';
  scope: (scope: UndoScope) => SQL;
  wholeProperty?: true;
  key?: string;
  /** Rows put back only where this holds (a row that names something gone since stays gone). */
  restoreIf?: SQL;
  /**
   * Columns the database may still have that the schema no longer names: put back too while
   * they exist, so a snapshot taken before they emptied loses nothing.
   */
  legacyColumns?: string[];
}[] = [
  { table: properties, kind: 'state', scope: (s) => sql`id = ${s.propertyId}` },
  { table: requirements, kind: 'state', scope: (s) => sql`property_id = ${s.propertyId}` },
  { table: complianceItems, kind: 'state', scope: (s) => sql`property_id = ${s.propertyId}` },
  { table: inspections, kind: 'state', scope: inspectionsIn },
  { table: requirementChanges, kind: 'state', scope: (s) => sql`property_id = ${s.propertyId}` },
  // Its devices, their clocks and walk-throughs, copied only when the property is deleted.
  // Undoing an action on one inspection never needs them: finishing a walk (which moves its
  // devices' clocks) is not undoable, and an inspection a finished walk recorded cannot be
  // deleted (inspections.service deleteInspection). Deleting one an open walk holds takes that
  // walk and its taps away for good; they had moved no clock yet, and its Fails' deficiencies
  // come back with the inspection. Devices come before the deficiencies that name them.
  { table: devices, kind: 'record', scope: (s) => sql`property_id = ${s.propertyId}`, wholeProperty: true },
  { table: deviceRequirements, kind: 'record', scope: (s) => sql`property_id = ${s.propertyId}`, wholeProperty: true },
  { table: walkthroughs, kind: 'record', scope: (s) => sql`property_id = ${s.propertyId}`, wholeProperty: true },
  // Opened by a non-compliant completion: undoing it takes them away again (their photo
  // bytes go with the daily housekeeping once no row or undo names them).
  { table: deficiencies, kind: 'state', scope: deficienciesIn },
  { table: deficiencyPhotos, kind: 'state', scope: (s) => sql`deficiency_id in (select id from deficiencies where ${deficienciesIn(s)})` },
  // A walk's taps name the deficiencies its Fails opened: after them.
  {
    table: walkthroughResults,
    kind: 'record',
    scope: (s) => sql`walkthrough_id in (select id from walkthroughs where property_id = ${s.propertyId})`,
    wholeProperty: true,
  },
  // Every tap id the walks have seen, so that an old tap sent again is still known after the undo.
  {
    table: walkthroughTapIds,
    kind: 'record',
    key: 'client_id',
    scope: (s) => sql`walkthrough_id in (select id from walkthroughs where property_id = ${s.propertyId})`,
    wholeProperty: true,
  },
  {
    table: reminderLogs,
    kind: 'record',
    scope: (s) =>
      s.inspectionId === null
        ? sql`inspection_id in (select id from inspections where property_id = ${s.propertyId})`
        : sql`inspection_id = ${s.inspectionId}`,
  },
  {
    table: requirementReminderLogs,
    kind: 'record',
    scope: (s) => sql`requirement_id in (select id from requirements where property_id = ${s.propertyId})`,
    wholeProperty: true,
  },
  // That an inspection's overdue webhook went out: restored with it, so it does not go out twice.
  {
    table: webhookOverdueEvents,
    kind: 'record',
    key: 'inspection_id',
    scope: (s) =>
      s.inspectionId === null
        ? sql`inspection_id in (select id from inspections where property_id = ${s.propertyId})`
        : sql`inspection_id = ${s.inspectionId}`,
  },
  // Reports keep their PDF: its key in the file store, or, for one made before PDFs moved
  // there and not moved yet, its bytes in `reports.pdf` (report-files.ts moves them later).
  { table: reports, kind: 'record', scope: (s) => sql`property_id = ${s.propertyId}`, wholeProperty: true, legacyColumns: ['pdf'] },
  // The members the property was given to, unless they have left since.
  {
    table: membershipProperties,
    kind: 'record',
    key: 'membership_id',
    scope: (s) => sql`property_id = ${s.propertyId}`,
    wholeProperty: true,
    restoreIf: sql`membership_id in (select id from memberships)`,
  },
  // The property's status inputs day by day (the Insight trend): its past weeks come back with it.
  { table: propertyStatusChanges, kind: 'record', key: 'day', scope: (s) => sql`property_id = ${s.propertyId}`, wholeProperty: true },
  // What the property said about its safety items (the answers that decide which requirements apply).
  { table: safetyItemAnswers, kind: 'record', key: 'item_type', scope: (s) => sql`property_id = ${s.propertyId}`, wholeProperty: true },
  // Its share links, revoked or not, and who opened them: a link shared before comes back as it was.
  {
    table: shareLinks,
    kind: 'record',
    scope: (s) => sql`property_id = ${s.propertyId}`,
    wholeProperty: true,
    restoreIf: sql`created_by_user_id is null or created_by_user_id in (select id from users)`,
  },
  {
    table: shareLinkViews,
    kind: 'record',
    scope: (s) => sql`share_link_id in (select id from share_links where property_id = ${s.propertyId})`,
    wholeProperty: true,
  },
];

export const propertyTableNames = () => PROPERTY_TABLES.map(({ table }) => getTableName(table));

export type PropertySnapshot = Record<string, unknown[]>;

const rowsOf = (table: PgTable, scope: SQL, key = 'id') =>
  sql`(select coalesce(jsonb_agg(to_jsonb(t) order by t.${sql.identifier(key)}), '[]'::jsonb) from ${table} t where ${scope})`;

const tablesFor = (scope: UndoScope, kinds: ('state' | 'record')[]) =>
  PROPERTY_TABLES.filter((t) => kinds.includes(t.kind) && (scope.inspectionId === null || !t.wholeProperty));

function snapshotSql(scope: UndoScope, kinds: ('state' | 'record')[]): SQL {
  const parts = tablesFor(scope, kinds).map(({ table, scope: rows, key }) => sql`${getTableName(table)}::text, ${rowsOf(table, rows(scope), key)}`);
  return sql`jsonb_build_object(${sql.join(parts, sql`, `)})`;
}

/** The rows in scope, as jsonb (exact: timestamps keep their microseconds). */
export async function snapshotProperty(db: DbOrTx, scope: UndoScope): Promise<PropertySnapshot> {
  // Named statements: planned once per connection, not at every undoable write (bench/README.md "Scale").
  const [row] = await preparedRows<{ snapshot: PropertySnapshot }>(db, sql`select ${snapshotSql(scope, ['state', 'record'])} as snapshot`);
  return row!.snapshot;
}

/** What the state rows in scope are now, as one digest: equal digests, nothing changed. */
export async function fingerprintProperty(db: DbOrTx, scope: UndoScope): Promise<string> {
  const [row] = await preparedRows<{ digest: string }>(db, sql`select md5(${snapshotSql(scope, ['state'])}::text) as digest`);
  return row!.digest;
}

/** Puts the rows in scope back as `before` had them (see PROPERTY_TABLES for what "back" means). */
export async function restoreProperty(db: DbOrTx, scope: UndoScope, before: PropertySnapshot): Promise<void> {
  const json = (table: PgTable) => JSON.stringify(before[getTableName(table)] ?? []);
  const tables = tablesFor(scope, ['state', 'record']);
  // Rows the action added go first, children before parents, so keys are free for the old rows.
  for (const { table, kind, scope: rows } of [...tables].reverse()) {
    if (kind !== 'state') continue;
    await db.execute(sql`
      delete from ${table} where ${rows(scope)}
        and id not in (select (r->>'id')::int from jsonb_array_elements(${json(table)}::jsonb) r)`);
  }
  for (const { table, kind, restoreIf, legacyColumns } of tables) {
    const names = [...Object.values(getTableColumns(table)).map((c) => c.name), ...(legacyColumns ? await columnsStillThere(db, table, legacyColumns) : [])];
    const list = sql.join(names.map((n) => sql.identifier(n)), sql`, `);
    // An identity column cannot be updated; the rest of the row is set back as it was.
    const rest = names.filter((n) => n !== 'id').map((n) => sql.identifier(n));
    const onConflict =
      kind === 'state'
        ? sql`on conflict (id) do update set (${sql.join(rest, sql`, `)}) = row(${sql.join(
            rest.map((c) => sql`excluded.${c}`),
            sql`, `,
          )})`
        : sql`on conflict do nothing`;
    await db.execute(sql`
      insert into ${table} (${list}) overriding system value
      select ${list} from jsonb_populate_recordset(null::${table}, ${json(table)}::jsonb)
      ${restoreIf ? sql`where ${restoreIf}` : sql``}
      ${onConflict}`);
  }
}

/** Which of `columns` the table still has (plain SQL: the schema no longer names them). */
async function columnsStillThere(db: DbOrTx, table: PgTable, columns: string[]): Promise<string[]> {
  const result = await db.execute<{ column_name: string }>(sql`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${getTableName(table)} and column_name in ${sql`(${sql.join(columns.map((c) => sql`${c}`), sql`, `)})`}`);
  return result.rows.map((r) => r.column_name);
}

export async function insertUndo(
  db: DbOrTx,
  row: { id: string; organizationId: number; propertyId: number; inspectionId: number | null; kind: string; before: PropertySnapshot; afterFingerprint: string; expiresAt: Date },
): Promise<void> {
  await db.insert(undoActions).values(row);
  // Expired ones are of no use to anyone; each new one clears a few away (an hour on, for the logs).
  const cutoff = new Date(row.expiresAt.getTime() - 60 * 60 * 1000).toISOString();
  await db.execute(sql`delete from undo_actions where id in (select id from undo_actions where expires_at < ${cutoff} limit 20)`);
}

export interface UndoRow {
  id: string;
  organization_id: number;
  property_id: number;
  inspection_id: number | null;
  kind: string;
  before: PropertySnapshot;
  after_fingerprint: string;
  expires_at: Date;
  used_at: Date | null;
}

export async function lockUndo(db: DbOrTx, organizationId: number, id: string): Promise<UndoRow | undefined> {
  const result = await db.execute<UndoRow & Record<string, unknown>>(sql`
    select id, organization_id, property_id, inspection_id, kind, before, after_fingerprint, expires_at, used_at
    from undo_actions where id = ${id} and organization_id = ${organizationId} for update`);
  return result.rows[0];
}

/** Whether one of `membershipIds` is the person's membership of the organisation. */
export async function isOwnMembership(db: DbOrTx, membershipIds: number[], organizationId: number, userId: number): Promise<boolean> {
  if (membershipIds.length === 0) return false;
  const result = await db.execute(sql`
    select 1 from memberships
    where id = any(${`{${membershipIds.join(',')}}`}::int[]) and organization_id = ${organizationId} and user_id = ${userId}`);
  return result.rows.length > 0;
}

export async function markUsed(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.execute(sql`update undo_actions set used_at = ${at.toISOString()} where id = ${id}`);
}
