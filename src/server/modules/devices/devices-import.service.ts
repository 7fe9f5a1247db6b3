import { sql } from 'drizzle-orm';
import { locationText, readDeviceRow, serialKey } from '@shared/device-import';
import type { bulkCreateDevicesSchema, CreateDeviceValues, DeviceImportRow, DeviceResponse, deviceImportPreviewResponse } from '@shared/schemas/device';
import type { z } from 'zod';
import type { Account } from '../../account';
import { writeAccountData } from '../../cache/account-cache';
import type { DbOrTx } from '../../db/client';
import { assertPropertyExists } from '../properties/properties.service';
import { nameOf, today } from './account-facts';
import { createDevices, devicesByIds, type DevicesDeps } from './devices.service';
import { serialsTaken, tagsTaken } from './devices-import.queries';
import { retryOnTagClash } from './made-tags';

export type DeviceImportPreview = z.infer<typeof deviceImportPreviewResponse>;
type PreviewRow = DeviceImportPreview['rows'][number];
type BulkValues = z.output<typeof bulkCreateDevicesSchema>;

/**
 * Reads every row of a file as a device and says of each: ok, invalid (its fields' problems)
 * or duplicate (a tag or serial number given by an earlier row, or already on a device: a
 * serial number of the organisation's, a tag anywhere, since tags are unique across Firemark).
 * `values` holds what an import would create, in the file's order, when every row is ok.
 */
async function checkRows(db: DbOrTx, organizationId: number, rows: readonly DeviceImportRow[]): Promise<{ preview: DeviceImportPreview; values: CreateDeviceValues[] | null }> {
  const read = rows.map(readDeviceRow);
  const good = read.flatMap((r) => (r.ok ? [r.values] : []));
  const [tags, serials] = await Promise.all([
    tagsTaken(db, organizationId, [...new Set(good.flatMap((v) => (v.tag ? [v.tag] : [])))]),
    serialsTaken(db, organizationId, [...new Set(good.flatMap((v) => (v.serialNumber ? [serialKey(v.serialNumber)] : [])))]),
  ]);
  const tagLine = new Map<string, number>();
  const serialLine = new Map<string, number>();
  const previewRows: PreviewRow[] = read.map((r, i) => {
    // A row with problems still shows the tag it was written with, so the person can find it in the file.
    if (!r.ok) return { line: r.line, status: 'invalid', problems: r.problems, itemType: r.itemType, tag: rows[i]?.tag?.trim().toUpperCase() || null, location: locationText(locationOf(rows[i])) };
    const v = r.values;
    const problems: string[] = [];
    if (v.tag) {
      const taken = tags.get(v.tag);
      if (taken === 'ours') problems.push(`Tag ${v.tag} is already on one of your devices`);
      else if (taken === 'elsewhere') problems.push(`Tag ${v.tag} is already in use; leave the cell empty to have one made`);
      else if (tagLine.has(v.tag)) problems.push(`Tag ${v.tag} is also on row ${tagLine.get(v.tag)}`);
      else tagLine.set(v.tag, r.line);
    }
    if (v.serialNumber) {
      const key = serialKey(v.serialNumber);
      if (serials.has(key)) problems.push(`Serial number ${v.serialNumber} is already on one of your devices`);
      else if (serialLine.has(key)) problems.push(`Serial number ${v.serialNumber} is also on row ${serialLine.get(key)}`);
      else serialLine.set(key, r.line);
    }
    return { line: r.line, status: problems.length ? 'duplicate' : 'ok', problems, itemType: v.itemType, tag: v.tag, location: locationText(v.location) };
  });
  const count = (status: PreviewRow['status']) => previewRows.filter((r) => r.status === status).length;
  const preview = { rows: previewRows, okCount: count('ok'), invalidCount: count('invalid'), duplicateCount: count('duplicate') };
  return { preview, values: preview.okCount === rows.length ? good : null };
}

const locationOf = (row: DeviceImportRow | undefined) => ({ building: row?.building, floor: row?.floor, room: row?.room, description: row?.description });

/** The preview of an import: changes nothing. */
export async function previewImport(deps: DevicesDeps, account: Account, propertyId: number, rows: readonly DeviceImportRow[]): Promise<DeviceImportPreview> {
  await assertPropertyExists(deps, account, propertyId);
  return (await checkRows(deps.db, account.id, rows)).preview;
}

/** Thrown inside the import's transaction so that nothing is kept; answered as 422 with the rows. */
class RowsHaveProblems extends Error {
  constructor(readonly preview: DeviceImportPreview) {
    super('rows have problems');
  }
}

export type ImportOutcome =
  | { imported: true; devices: DeviceResponse[] }
  | { imported: false; message: string; rows: PreviewRow[] };

export const rowsHaveProblemsMessage = (n: number) => `${n} ${n === 1 ? 'row has' : 'rows have'} problems; nothing was imported.`;

/**
 * Imports every row or none, in one transaction: the rows are checked again there, after
 * the organisation's device additions are serialised (lockDeviceAdditions), so two imports of
 * one file at once cannot both pass the duplicate check.
 */
export async function importDevices(deps: DevicesDeps, account: Account, propertyId: number, rows: readonly DeviceImportRow[]): Promise<ImportOutcome> {
  await assertPropertyExists(deps, account, propertyId);
  const day = today(account);
  try {
    const devices = await retryOnTagClash(() =>
      writeAccountData(deps.pool, account.id, async ({ db }) => {
        await lockDeviceAdditions(db, account.id);
        const { preview, values } = await checkRows(db, account.id, rows);
        if (!values) throw new RowsHaveProblems(preview);
        const ids = await createDevices(db, { organizationId: account.id, propertyId, today: day, changedBy: await nameOf(db, account) }, values);
        return devicesByIds(db, account, ids, day);
      }),
    );
    return { imported: true, devices };
  } catch (error) {
    if (!(error instanceof RowsHaveProblems)) throw error;
    const rowsWithProblems = error.preview.rows.filter((r) => r.status !== 'ok');
    return { imported: false, message: rowsHaveProblemsMessage(rowsWithProblems.length), rows: rowsWithProblems };
  }
}

/**
 * "8 dry chemical 5 lb extinguishers on floor 3": `count` devices alike, each with a made tag; a
 * field that is wrong is answered once under the form's name (subtype), not once per copy.
 */
export async function bulkCreateDevices(deps: DevicesDeps, account: Account, propertyId: number, body: BulkValues): Promise<DeviceResponse[]> {
  await assertPropertyExists(deps, account, propertyId);
  const day = today(account);
  const { count, tag: _tag, serialNumber: _serial, ...facts } = body;
  const values: CreateDeviceValues[] = Array.from({ length: count }, () => ({ ...facts, tag: null, serialNumber: null }));
  return retryOnTagClash(() =>
    writeAccountData(deps.pool, account.id, async ({ db }) => {
      await lockDeviceAdditions(db, account.id);
      const ids = await createDevices(db, { organizationId: account.id, propertyId, today: day, changedBy: await nameOf(db, account), alike: true }, values);
      return devicesByIds(db, account, ids, day);
    }),
  );
}

/**
 * One batch of additions at a time per organisation (a transaction-scoped advisory lock), so
 * the duplicate checks of two imports at once see each other's rows.
 */
async function lockDeviceAdditions(db: DbOrTx, organizationId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('devices.add'), ${organizationId})`);
}
