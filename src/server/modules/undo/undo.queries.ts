import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  complianceItems,
  deficiencies,
  deficiencyPhotos,
  inspections,
  properties,
  reminderLogs,
  reports,
  requirementChanges,
  requirementReminderLogs,
  requirements,
  undoActions,
} from '../../db/schema/index';

/**
 * The rows a property's state lives in, in the order they are inserted (references first).
 * `state` rows are put back exactly as they were, and rows the action added are removed;
 * `record` rows (what was sent, what was generated) are only added back where the action's
 * cascade took them away: a reminder logged since stays logged, so nothing is sent twice.
 * A table holding rows of a property must be listed here, or undoing a deletion loses them
 * (undo.test.ts checks this against the database's foreign keys).
 */
const PROPERTY_TABLES: { table: PgTable; kind: 'state' | 'record'; scope: (propertyId: number) => SQL; deletionOnly?: true }[] = [
  { table: properties, kind: 'state', scope: (id) => sql`id = ${id}` },
  { table: requirements, kind: 'state', scope: (id) => sql`property_id = ${id}` },
  { table: complianceItems, kind: 'state', scope: (id) => sql`property_id = ${id}` },
  { table: inspections, kind: 'state', scope: (id) => sql`property_id = ${id}` },
  { table: requirementChanges, kind: 'state', scope: (id) => sql`property_id = ${id}` },
  // Opened by a non-compliant completion: undoing it takes them away again (their photo
  // files stay on disk, as with any deleted deficiency: docs/records.md).
  { table: deficiencies, kind: 'state', scope: (id) => sql`property_id = ${id}` },
  { table: deficiencyPhotos, kind: 'state', scope: (id) => sql`deficiency_id in (select id from deficiencies where property_id = ${id})` },
  { table: reminderLogs, kind: 'record', scope: (id) => sql`inspection_id in (select id from inspections where property_id = ${id})` },
  {
    table: requirementReminderLogs,
    kind: 'record',
    scope: (id) => sql`requirement_id in (select id from requirements where property_id = ${id})`,
  },
  // Reports keep their PDF's bytes: copied only when the property itself is deleted, the one
  // action that takes them away.
  { table: reports, kind: 'record', scope: (id) => sql`property_id = ${id}`, deletionOnly: true },
];

export const propertyTableNames = () => PROPERTY_TABLES.map(({ table }) => getTableName(table));

export type PropertySnapshot = Record<string, unknown[]>;

const rowsOf = (table: PgTable, scope: SQL) =>
  sql`(select coalesce(jsonb_agg(to_jsonb(t) order by t.id), '[]'::jsonb) from ${table} t where ${scope})`;

function snapshotSql(propertyId: number, kinds: ('state' | 'record')[], deleting = false): SQL {
  const parts = PROPERTY_TABLES.filter((t) => kinds.includes(t.kind) && (deleting || !t.deletionOnly)).map(
    ({ table, scope }) => sql`${getTableName(table)}::text, ${rowsOf(table, scope(propertyId))}`,
  );
  return sql`jsonb_build_object(${sql.join(parts, sql`, `)})`;
}

/**
 * Every row of the property, as jsonb (exact: timestamps keep their microseconds); its
 * reports only when the action deletes the property.
 */
export async function snapshotProperty(db: DbOrTx, propertyId: number, deleting: boolean): Promise<PropertySnapshot> {
  const result = await db.execute<{ snapshot: PropertySnapshot }>(sql`select ${snapshotSql(propertyId, ['state', 'record'], deleting)} as snapshot`);
  return result.rows[0]!.snapshot;
}

/** What the property's state rows are now, as one digest: equal digests, nothing changed. */
export async function fingerprintProperty(db: DbOrTx, propertyId: number): Promise<string> {
  const result = await db.execute<{ digest: string }>(sql`select md5(${snapshotSql(propertyId, ['state'])}::text) as digest`);
  return result.rows[0]!.digest;
}

/** Puts the property's rows back as `before` had them (see PROPERTY_TABLES for what "back" means). */
export async function restoreProperty(db: DbOrTx, propertyId: number, before: PropertySnapshot): Promise<void> {
  const json = (table: PgTable) => JSON.stringify(before[getTableName(table)] ?? []);
  // Rows the action added go first, children before parents, so keys are free for the old rows.
  for (const { table, kind, scope } of [...PROPERTY_TABLES].reverse()) {
    if (kind !== 'state') continue;
    await db.execute(sql`
      delete from ${table} where ${scope(propertyId)}
        and id not in (select (r->>'id')::int from jsonb_array_elements(${json(table)}::jsonb) r)`);
  }
  for (const { table, kind } of PROPERTY_TABLES) {
    const names = Object.values(getTableColumns(table)).map((c) => c.name);
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
      ${onConflict}`);
  }
}

export async function insertUndo(
  db: DbOrTx,
  row: { id: string; userId: number; propertyId: number; kind: string; before: PropertySnapshot; afterFingerprint: string; expiresAt: Date },
): Promise<void> {
  await db.insert(undoActions).values(row);
  // Expired ones are of no use to anyone; each new one clears a few away (an hour on, for the logs).
  const cutoff = new Date(row.expiresAt.getTime() - 60 * 60 * 1000).toISOString();
  await db.execute(sql`delete from undo_actions where id in (select id from undo_actions where expires_at < ${cutoff} limit 20)`);
}

export interface UndoRow {
  id: string;
  user_id: number;
  property_id: number;
  kind: string;
  before: PropertySnapshot;
  after_fingerprint: string;
  expires_at: Date;
  used_at: Date | null;
}

export async function lockUndo(db: DbOrTx, userId: number, id: string): Promise<UndoRow | undefined> {
  const result = await db.execute<UndoRow & Record<string, unknown>>(sql`
    select id, user_id, property_id, kind, before, after_fingerprint, expires_at, used_at
    from undo_actions where id = ${id} and user_id = ${userId} for update`);
  return result.rows[0];
}

export async function markUsed(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.execute(sql`update undo_actions set used_at = ${at.toISOString()} where id = ${id}`);
}
