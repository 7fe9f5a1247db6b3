import type pg from 'pg';
import type { z } from 'zod';
import { todayInTimeZone } from '@shared/dates';
import { PHOTO_QUARANTINED_MESSAGE } from '@shared/records';
import type { correctDeficiencySchema, CorrectDeficiencyResult, Deficiency, DeficiencyPortfolioFilter, DeficiencyPhoto, DeficiencyValues, ScheduledRetest } from '@shared/schemas/deficiency';
import type { InspectionType } from '@shared/enums';
import { formatDisplayDate } from '@shared/dates';
import { isCodeSet } from '@shared/code-sets';
import { retestRule, retestScheduledMessage } from '@shared/retest-after-correction';
import type { Db, DbOrTx } from '../../db/client';
import { rememberedPage, writeAccountData } from '../../cache/account-cache';
import { withTransaction } from '../../db/transaction';
import { changedElsewhere, conflict, notFound, validationFailed } from '../../errors';
import { emitWebhookEvent } from '../webhooks/emit';
import { settle } from '../compliance/compliance.service';
import { beginUndoable, finishUndoable } from '../undo/undo.service';
import type { Account } from '../../account';
import { assertPropertyExists } from '../properties/properties.service';
import * as q from './deficiencies.queries';
import { listPortfolioDeficiencies } from './portfolio-deficiencies.queries';
import { newFileKey, type FileStore } from '../../files/file-store';
import { encodePhoto, PHOTO_MAX_PIXELS } from './photo-encode';

export interface DeficienciesDeps {
  db: Db;
  pool: pg.Pool;
  photos: FileStore;
}

/** More than a phone user attaches to one finding; a bound on what one account can store. */
export const MAX_PHOTOS_PER_DEFICIENCY = 10;

const deficiencyNotFound = () => notFound('Deficiency not found');
const photoNotFound = () => notFound('Photo not found');
const today = (account: Account) => todayInTimeZone(account.timeZone, new Date());

export async function listForProperty(deps: DeficienciesDeps, account: Account, propertyId: number, filter: q.DeficiencyFilter): Promise<Deficiency[]> {
  await assertPropertyExists(deps, account, propertyId);
  return q.listForProperty(deps.db, account.id, propertyId, filter);
}

/**
 * A page of every reached property's deficiencies (GET /api/deficiencies), with the total:
 * remembered per account, day and query until the account's data changes, like the other lists.
 */
export function listAcrossProperties(deps: DeficienciesDeps, account: Account, filter: DeficiencyPortfolioFilter) {
  const day = today(account);
  return rememberedPage(deps.db, account, `deficiencies|${day}|${JSON.stringify(filter)}`, () => listPortfolioDeficiencies(deps.db, account, filter, day, account.timeZone));
}

export async function listForInspection(deps: DeficienciesDeps, account: Account, inspectionId: number): Promise<Deficiency[]> {
  // Another account's inspection does not exist for this one.
  if (!(await q.inspectionExists(deps.db, account, inspectionId))) throw notFound('Inspection not found');
  return q.listForInspection(deps.db, account.id, inspectionId);
}

export async function getDeficiency(deps: DeficienciesDeps, account: Account, id: number): Promise<Deficiency> {
  const found = await q.findDeficiency(deps.db, account, id);
  if (!found) throw deficiencyNotFound();
  return found;
}

/** Open counts and the open critical ones (the dashboard's stat and the bell). */
export async function openSummary(deps: DeficienciesDeps, account: Account) {
  const [counts, critical] = await Promise.all([q.accountOpenCounts(deps.db, account), q.listOpenCritical(deps.db, account, 20)]);
  return { openCount: counts.open, criticalCount: counts.critical, critical };
}

/**
 * A deficiency found after the completion was sent (or recorded on a device without signal):
 * added to an open inspection, as a walk-through's Fail is, or to one completed non-compliant.
 * A compliant or cancelled inspection found nothing, so it takes none (409).
 */
export async function addDeficiency(deps: DeficienciesDeps, account: Account, inspectionId: number, values: DeficiencyValues): Promise<Deficiency> {
  const id = await writeAccountData(deps.pool, account.id, async (tx) => {
    const inspection = await q.lockInspectionForDeficiency(tx.db, account, inspectionId);
    if (!inspection) throw notFound('Inspection not found');
    const open = inspection.status === 'scheduled' || inspection.status === 'in_progress';
    const failed = inspection.status === 'completed' && inspection.compliance_result === 'non_compliant';
    if (!open && !failed) {
      throw conflict(
        inspection.status === 'cancelled'
          ? 'This inspection was cancelled, so it found nothing. Record the deficiency on the inspection that found it.'
          : 'This inspection was recorded as compliant, so it found no deficiency. Change its result to non-compliant first, or record the deficiency on the inspection that found it.',
      );
    }
    const [added] = await q.insertDeficiencies(
      tx.db,
      { organizationId: account.id, propertyId: inspection.property_id, inspectionId, itemType: inspection.inspection_type },
      [values],
    );
    // A completed inspection's findings are announced now; an open one's when it is completed.
    if (failed) await emitWebhookEvent(tx, account.id, 'deficiency.opened', (await q.findDeficiency(tx.db, account, added!))!);
    await settle(tx.db, { propertyId: inspection.property_id, requirementIds: [inspection.requirement_id], itemTypes: [inspection.inspection_type], today: today(account) });
    return added!;
  });
  return getDeficiency(deps, account, id);
}

/**
 * An edit of what was found. With If-Match (`updatedAt` of the copy it was made from), a
 * deficiency changed since is not edited over: 412 with it as it stands (docs/offline.md).
 */
export async function editDeficiency(deps: DeficienciesDeps, account: Account, id: number, values: DeficiencyValues, ifMatch?: number): Promise<Deficiency> {
  await writeAccountData(deps.pool, account.id, async ({ db }) => {
    const row = await q.lockDeficiency(db, account, id);
    if (!row) throw deficiencyNotFound();
    if (ifMatch !== undefined && new Date(row.updated_at).getTime() !== ifMatch) throw changedElsewhere(await q.findDeficiency(db, account, id));
    await q.updateDeficiency(db, id, values);
    await settle(db, { propertyId: row.property_id, requirementIds: [row.requirement_id], itemTypes: [row.item_type], today: today(account) });
  });
  return getDeficiency(deps, account, id);
}

/**
 * Correcting moves compliance in the same transaction: the item's latest result counts as
 * compliant once every deficiency it opened is corrected (resultAfterCorrections), unless the
 * item is one the code asks to test again after a repair: then closing the last open deficiency
 * schedules that re-test instead, and the failure stands until it passes. Undoable for a few
 * seconds (decision 016): the undo takes the re-test away with the correction while nothing was
 * recorded on it.
 */
export async function correctDeficiency(
  deps: DeficienciesDeps,
  account: Account,
  id: number,
  input: z.output<typeof correctDeficiencySchema>,
): Promise<{ deficiency: CorrectDeficiencyResult; undoToken: string }> {
  const day = today(account);
  if (input.correctedOn > day) throw validationFailed({ correctedOn: ['The correction date cannot be in the future'] });
  const found = await q.findDeficiency(deps.db, account, id);
  if (!found) throw deficiencyNotFound();
  const { retest, undoToken } = await writeAccountData(deps.pool, account.id, async ({ db }) => {
    // First: the account lock (a re-test is an open inspection, counted as the plan counts them).
    const point = await beginUndoable(db, { organizationId: account.id, propertyId: found.propertyId, inspectionId: found.inspectionId, kind: 'correct_deficiency' });
    const row = await q.lockDeficiency(db, account, id);
    if (!row) throw deficiencyNotFound();
    if (row.corrected_on !== null) throw conflict('This deficiency is already corrected.');
    await q.markCorrected(db, id, input);
    const scheduled = await scheduleRetest(db, row.inspection_id, row.item_type, input.correctedOn);
    await settle(db, { propertyId: row.property_id, requirementIds: [row.requirement_id], itemTypes: [row.item_type], today: day });
    return { retest: scheduled, undoToken: await finishUndoable(db, point) };
  });
  return { deficiency: { ...(await getDeficiency(deps, account, id)), retest }, undoToken };
}

/**
 * The re-test the code asks after a repair (src/shared/retest-after-correction.ts), when this
 * correction closed the last open deficiency of the failure: the same requirement, due the day
 * of the correction, assigned as the failed inspection was. Not counted against the Free plan's
 * open inspection (subscription.queries.ts), so the limit never blocks it; at most one per
 * failure (a unique index), made under the account lock the correction took first.
 */
async function scheduleRetest(db: DbOrTx, inspectionId: number, itemType: InspectionType, correctedOn: string): Promise<ScheduledRetest | null> {
  if (!retestRule(itemType)) return null;
  const failed = await q.lockRetestCandidate(db, inspectionId);
  if (!failed) return null;
  // The source the property's code set names: a Canadian fire alarm's is CAN/ULC-S536.
  const codeSet = isCodeSet(failed.code_set) ? failed.code_set : 'us-nfpa';
  const rule = retestRule(itemType, codeSet)!;
  const instructions = `Re-test after repair of what the inspection of ${formatDisplayDate(failed.performed_on)} found: ${rule.source} asks that ${rule.asks}.`;
  const retestId = await q.insertRetest(db, failed, correctedOn, instructions);
  return { inspectionId: retestId, retestOfId: failed.id, dueDate: correctedOn, source: rule.source, message: retestScheduledMessage(itemType, correctedOn, codeSet) };
}

const HEIC_MESSAGE =
  'HEIC photos are not accepted because their location data cannot be removed reliably. Choose the photo again in this page (phones send it as JPEG), or set the camera to save JPEG ("Most Compatible").';

const photoMessages = {
  heic: HEIC_MESSAGE,
  unknown: 'This file is not a photo Firemark accepts. Choose a JPEG or PNG photo.',
  damaged: 'This photo could not be read. It may be damaged or not a JPEG or PNG image. Take the photo again or choose another file.',
  too_large: `This photo is too large to process (over ${PHOTO_MAX_PIXELS / 1_000_000} megapixels). Choose a smaller photo or take it again at a lower resolution.`,
} as const;

/**
 * A photo, decoded and re-encoded before it is stored (decision 024): only the codec's output
 * is kept, with no metadata, and a file that does not decode is refused.
 */
export async function addPhoto(deps: DeficienciesDeps, account: Account, deficiencyId: number, body: Buffer): Promise<DeficiencyPhoto> {
  await getDeficiency(deps, account, deficiencyId);
  const photo = await encodePhoto(body);
  if (!photo.ok) {
    const message = photoMessages[photo.reason];
    throw validationFailed({ photo: [message] }, message);
  }
  if ((await q.countPhotos(deps.db, deficiencyId)) >= MAX_PHOTOS_PER_DEFICIENCY) {
    throw conflict(`A deficiency can have at most ${MAX_PHOTOS_PER_DEFICIENCY} photos. Remove one to add another.`);
  }
  const key = newFileKey();
  await deps.photos.put(key, photo.bytes);
  try {
    // In a transaction, so that an Idempotency-Key commits with the photo's row (db/idempotency.ts).
    const row = await withTransaction(deps.pool, (tx) => q.insertPhoto(tx.db, {
      organizationId: account.id,
      deficiencyId,
      storageKey: key,
      contentType: photo.contentType,
      byteSize: photo.bytes.length,
    }));
    return q.toPhoto(deficiencyId, row);
  } catch (error) {
    // The deficiency went meanwhile (or the database failed): the stored bytes must not stay
    // behind. A store that cannot delete them now leaves them to the daily sweep of files no row names.
    await deps.photos.delete(key).catch(() => undefined);
    const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string };
    throw cause.code === '23503' ? deficiencyNotFound() : error;
  }
}

export async function getPhoto(deps: DeficienciesDeps, account: Account, deficiencyId: number, photoId: number) {
  await getDeficiency(deps, account, deficiencyId);
  const row = await q.findPhoto(deps.db, account.id, deficiencyId, photoId);
  if (!row) throw photoNotFound();
  // A quarantined photo did not decode: its bytes are kept (decision 024) but never served.
  if (row.quarantinedAt) throw notFound(PHOTO_QUARANTINED_MESSAGE);
  // Sent as it is read from the store, never whole in memory (docs/decisions/035-object-storage.md).
  const file = await deps.photos.stream(row.storageKey);
  if (!file) throw photoNotFound();
  return { contentType: row.contentType, ...file };
}

export async function deletePhoto(deps: DeficienciesDeps, account: Account, deficiencyId: number, photoId: number): Promise<void> {
  await getDeficiency(deps, account, deficiencyId);
  const row = await q.findPhoto(deps.db, account.id, deficiencyId, photoId);
  if (!row) throw photoNotFound();
  // In a transaction: its history event names who removed it (docs/history.md).
  await withTransaction(deps.pool, ({ db }) => q.deletePhoto(db, row.id));
  // The photo is gone for the user once its row is; bytes the store cannot delete now go with the daily sweep.
  await deps.photos.delete(row.storageKey).catch(() => undefined);
}
