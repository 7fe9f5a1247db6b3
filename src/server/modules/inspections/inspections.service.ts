import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { rememberedPage, writeAccountData, type VersionedAccount } from '../../cache/account-cache';
import { noonInTimeZone, todayInTimeZone } from '@shared/dates';
import { attestationStatement, sameName } from '@shared/records';
import {
  completeInspectionSchema,
  inspectionEditSchema,
  rescheduleSchema,
  type Inspection,
  type InspectionUpdateResult,
  type InspectionValues,
  type ReminderLog,
} from '@shared/schemas/inspection';
import type { NextDue } from '@shared/schemas/requirement';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import type { Tx } from '../../db/transaction';
import type { MailLog } from '../../email/quota';
import { changedElsewhere, conflict, notFound, validationFailed } from '../../errors';
import { findRequirement, hasRequirements, openInspectionOf, refreshOpenInspection, settleRequirement } from '../compliance/compliance.queries';
import { restartedBy } from '../compliance/restarts.queries';
import { addLibraryItem, answersBesideInspection, lastDoneByLibraryEntry } from '../requirements/add-library-item';
import { requirementForInspection, settle } from '../compliance/compliance.service';
import type { Account } from '../../account';
import { assertPropertyExists } from '../properties/properties.service';
import { assertCanAddOpenInspection, canAddOpenInspection, lockAccountForLimits } from '../subscription/subscription.service';
import { insertDeficiencies, listForInspection } from '../deficiencies/deficiencies.queries';
import { findInspector } from '../inspectors/inspectors.queries';
import { ownInspector } from '../inspectors/inspectors.service';
import { beginUndoable, finishUndoable } from '../undo/undo.service';
import { recordedByFinishedWalk } from '../walkthroughs/walkthroughs.queries';
import { queueComplianceAlert } from './compliance-alert';
import * as q from './inspections.queries';
import * as review from './activity-review.queries';
import { emitWebhookEvent } from '../webhooks/emit';
import { moveScheduledNext } from '../inspection-history/inspection-history.queries';

export interface InspectionsDeps {
  db: Db;
  pool: pg.Pool;
  boss: PgBoss;
  config: Config;
  log?: MailLog;
}

const inspectionNotFound = () => notFound('Inspection not found');
const isOpen = (status: string) => status === 'scheduled' || status === 'in_progress';
const today = (account: Account, now = new Date()) => todayInTimeZone(account.timeZone, now);

/**
 * A page of the list, serialised, with the total: remembered per account, day and query
 * until the account's data changes (cache/account-cache.ts).
 */
export function listInspections(deps: InspectionsDeps, account: Account & VersionedAccount, filter: q.InspectionFilter) {
  const day = today(account);
  return rememberedPage(deps.db, account, `inspections|${day}|${JSON.stringify(filter)}`, () =>
    Promise.all([q.listInspectionsPage(deps.db, account, filter, day), q.countInspections(deps.db, account, filter, day)]),
  );
}

/** GET /api/inspections/activity-review: completions whose activity is not stated or assumed, to name or confirm. */
export async function activityReview(deps: InspectionsDeps, account: Account, filter: review.ActivityReviewFilter) {
  if (filter.propertyId !== undefined) await assertPropertyExists(deps, account, filter.propertyId);
  const [items, total] = await Promise.all([review.listActivityReview(deps.db, account, filter), review.countActivityReview(deps.db, account, filter)]);
  return { items, total };
}

export async function getInspection(deps: InspectionsDeps, account: Account, id: number): Promise<Inspection> {
  const found = await q.findInspection(deps.db, account, id, today(account));
  if (!found) throw inspectionNotFound();
  return found;
}

export async function scheduleInspection(deps: InspectionsDeps, account: Account, values: InspectionValues): Promise<Inspection> {
  // A property that is not yours does not exist for you (404), even to schedule against.
  await assertPropertyExists(deps, account, values.propertyId);
  const day = today(account);
  const { requirementId, libraryId, lastDone, ...fields } = values;
  const answers = lastDone && { ...lastDone, propertyId: values.propertyId, itemType: values.inspectionType };
  // Checked even when the property turns out to have the type already: a bad day is a bad day.
  const byEntry = answers && (await lastDoneByLibraryEntry(deps.db, answers, day, 'lastDone.'));
  // The answer is read inside the transaction: a create that committed never answers 503.
  return writeAccountData(deps.pool, account.id, async ({ db }) => {
    await ownInspector(db, account, values.inspectorId);
    await assertCanAddOpenInspection(db, account.id);
    // The first inspection of a type adds the safety item; with `lastDone`, the item's other
    // requirements count from when they were last done, as "Add safety item" counts them.
    if (answers && byEntry && !(await hasRequirements(db, values.propertyId, values.inspectionType))) {
      await addLibraryItem(db, account, {
        propertyId: values.propertyId,
        itemType: values.inspectionType,
        anchor: values.dueDate,
        today: day,
        lastDone: await answersBesideInspection(db, answers, byEntry, libraryId),
      });
    }
    const requirement = await requirementForInspection(db, {
      organizationId: account.id,
      propertyId: values.propertyId,
      itemType: values.inspectionType,
      dueDate: values.dueDate,
      today: day,
      requirementId,
      libraryId,
    });
    // SPEC's call names no activity: it counts for the principal requirement, and says so.
    const activityBasis = requirementId !== undefined || libraryId !== undefined ? 'stated' : await q.basisWithoutNaming(db, values.propertyId, values.inspectionType);
    const inserted = await q.insertInspection(db, { ...fields, organizationId: account.id, status: 'scheduled', requirementId: requirement?.id ?? null, activityBasis });
    await settle(db, { propertyId: values.propertyId, requirementIds: [requirement?.id ?? null], itemTypes: [values.inspectionType], today: day });
    return getInspection({ ...deps, db }, account, inserted);
  }).catch((error: unknown) => {
    // The property was deleted between the check above and the insert.
    const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string };
    throw cause.code === '23503' ? notFound('Property not found') : error;
  });
}

/** The answer of a change: no undo token when a completion was added as another inspection. */
type UpdateAnswer = Promise<{ inspection: InspectionUpdateResult; undoToken: string | null }>;

/**
 * The inspection as it stands after a change; a completion with a result (or a result recorded
 * later) also answers what comes next for its requirement, as `nextDue`, beside SPEC's fields.
 */
async function answerWith(
  deps: InspectionsDeps,
  account: Account,
  id: number,
  change: { nextDue?: NextDue | null; undoToken: string | null; addedAsInspectionId?: number },
): UpdateAnswer {
  const shownId = change.addedAsInspectionId ?? id;
  const inspection = await getInspection(deps, account, shownId);
  return {
    inspection: {
      ...inspection,
      ...(change.nextDue === undefined ? {} : { nextDue: change.nextDue }),
      ...(change.addedAsInspectionId === undefined ? {} : { addedAsInspectionId: change.addedAsInspectionId }),
    },
    undoToken: change.undoToken,
  };
}

/**
 * How a change kept on a device is applied (docs/offline.md, "On the server"). `ifMatch`: the
 * record's `updatedAt` as the device saw it (epoch milliseconds); an edit of a record changed
 * since is refused with 412 and the record as it stands. `resultsAdded`: a completion whose
 * inspection was completed meanwhile keeps its result as another completed inspection.
 */
export interface KeptChange {
  ifMatch?: number;
  resultsAdded?: boolean;
}

/** PUT /api/inspections/{id}, a completion (Quick Complete included). */
export async function completeInspection(
  deps: InspectionsDeps,
  account: Account,
  id: number,
  input: z.output<typeof completeInspectionSchema>,
  kept: KeptChange = {},
): UpdateAnswer {
  return answerWith(deps, account, id, await complete(deps, account, id, input, kept));
}

/** PUT /api/inspections/{id}, a new due date (and why). */
export async function rescheduleInspection(deps: InspectionsDeps, account: Account, id: number, input: z.output<typeof rescheduleSchema>, kept: KeptChange = {}): UpdateAnswer {
  return answerWith(deps, account, id, await reschedule(deps, account, id, input, kept));
}

/** PUT /api/inspections/{id}, any other change of the form's fields or of an open state. */
export async function editInspection(deps: InspectionsDeps, account: Account, id: number, input: z.output<typeof inspectionEditSchema>, kept: KeptChange = {}): UpdateAnswer {
  return answerWith(deps, account, id, await edit(deps, account, id, input, kept));
}

/** An edit sent with If-Match of a copy older than the row: nothing applied, the record as it stands answered. */
async function assertUnchanged(db: DbOrTx, account: Account, row: q.InspectionRow, kept: KeptChange): Promise<void> {
  if (kept.ifMatch === undefined || row.updatedAt.getTime() === kept.ifMatch) return;
  throw changedElsewhere(await q.findInspection(db, account, row.id, today(account)));
}

/** The inspection's property, read before the locks an undoable change takes in order. */
async function propertyOf(db: DbOrTx, account: Account, id: number): Promise<number> {
  const row = await q.findInspectionRow(db, account, id);
  if (!row) throw inspectionNotFound();
  return row.propertyId;
}

async function lockOwn(db: DbOrTx, account: Account, id: number) {
  const row = await q.lockInspection(db, account, id);
  if (!row) throw inspectionNotFound();
  return row;
}

/** The calendar day an inspection was done: as given, or the account's today. */
function completionDay(account: Account, completedDate: string | undefined, now: Date): { at: Date; day: string } {
  if (!completedDate) return { at: now, day: today(account, now) };
  if (/^\d{4}-\d{2}-\d{2}$/.test(completedDate)) {
    return { at: completedDate === today(account, now) ? now : noonInTimeZone(completedDate, account.timeZone), day: completedDate };
  }
  const at = new Date(completedDate);
  if (Number.isNaN(at.getTime())) throw validationFailed({ completedDate: ['Completion date is not a valid date'] });
  return { at, day: today(account, at) };
}

/**
 * Completing (DECISIONS "Compliance model"): with a result, the inspection's requirement, its
 * item and the property move in the same transaction, and the next inspection is scheduled;
 * without one (Quick Complete, "Mark as Completed") no compliance item and no property
 * status changes (SPEC 4), and the inspection waits for its result to be recorded.
 */
async function complete(
  deps: InspectionsDeps,
  account: Account,
  id: number,
  input: z.output<typeof completeInspectionSchema>,
  kept: KeptChange,
): Promise<{ nextDue: NextDue | null; undoToken: string | null; addedAsInspectionId?: number }> {
  const { now, day, performed } = performedDay(account, input.completedDate, new Date());
  return writeAccountData(deps.pool, account.id, async (tx) => {
    // A result is only ever added (docs/offline.md): one kept on a device while someone else
    // completed the inspection stands beside theirs, as another completed inspection. If-Match
    // is not consulted: a result is a fact of the day it was performed, not an edit of a copy.
    // Only a result kept on a device whose copy was still open (If-Match older than the
    // completion it meets) is added beside it; a second completion sent online, from another
    // tab or by a retry with a fresh key, is refused as before.
    if (kept.resultsAdded && input.complianceStatus && kept.ifMatch !== undefined) {
      await lockAccountForLimits(tx.db, account.id);
      const row = await lockOwn(tx.db, account, id);
      if (row.status === 'completed' && row.updatedAt.getTime() > kept.ifMatch) {
        const added = await q.insertInspection(tx.db, {
          organizationId: account.id,
          propertyId: row.propertyId,
          inspectionType: row.inspectionType,
          requirementId: row.requirementId,
          activityBasis: row.activityBasis,
          // Due when the one it duplicates was: the on-time figures judge it by the same date.
          dueDate: row.dueDate,
          assignedTo: row.assignedTo,
          inspectorId: row.inspectorId,
          status: 'in_progress',
        });
        const nextDue = await completeWithin(tx, deps, account, added, input, { now, day, performed });
        // No undo: the toast's undo puts back the inspection the person completed, which is someone else's now.
        return { nextDue, undoToken: null, addedAsInspectionId: added };
      }
    }
    const point = await beginUndoable(tx.db, { organizationId: account.id, propertyId: await propertyOf(tx.db, account, id), inspectionId: id, kind: 'complete_inspection' });
    const nextDue = await completeWithin(tx, deps, account, id, input, { now, day, performed });
    return { nextDue, undoToken: await finishUndoable(tx.db, point) };
  });
}

/**
 * The completion itself, in the caller's transaction, after the account lock (beginUndoable or
 * lockAccountForLimits): the one path a walk-through's finish takes too, so its inspection is
 * completed, attested and followed by its next one exactly as the dialog's.
 */
export async function completeWithin(
  tx: Tx,
  deps: Pick<InspectionsDeps, 'boss' | 'config' | 'log'>,
  account: Account,
  id: number,
  input: z.output<typeof completeInspectionSchema>,
  when: { now: Date; day: string; performed: { at: Date; day: string } },
): Promise<NextDue | null> {
  const { db } = tx;
  const { now, day, performed } = when;
  const locked = await lockOwn(db, account, id);
  if (!isOpen(locked.status)) throw conflict(`This inspection is already ${locked.status}.`);
  // The activity named with the completion: the completion counts for it, stated.
  const named =
    input.requirementId === undefined
      ? undefined
      : await requirementForInspection(db, {
          organizationId: account.id,
          propertyId: locked.propertyId,
          itemType: locked.inspectionType,
          dueDate: locked.dueDate,
          today: day,
          requirementId: input.requirementId,
        });
  const row = named ? { ...locked, requirementId: named.id, activityBasis: 'stated' as const } : locked;
  if (named) {
    await q.updateInspection(db, id, { requirementId: named.id, activityBasis: 'stated' });
    // The requirement it was counted for before no longer waits on it.
    if (locked.requirementId !== null && locked.requirementId !== named.id) {
      await settle(db, { propertyId: locked.propertyId, requirementIds: [locked.requirementId], itemTypes: [locked.inspectionType], today: day });
    }
  }
  // Who performed it, with the licence as it stands today: the record keeps it even if the
  // inspector is edited later. An expired licence is recorded and shown, never refused.
  // An inspector member completes as themselves: the attestation and licence are theirs.
  const performer = account.role === 'inspector' ? (account.inspectorId ?? undefined) : input.inspectorId;
  const inspector = (await ownInspector(db, account, performer)) ?? (row.inspectorId !== null ? await findInspector(db, account.id, row.inspectorId) : undefined);
  const attestation = input.attestation ? attest(input.attestation, inspector?.name ?? row.assignedTo, inspector !== undefined) : null;
  await q.updateInspection(db, id, {
    status: 'completed',
    completedDate: performed.at,
    complianceResult: input.complianceStatus ?? null,
    // The findings; the instructions typed when it was scheduled stay beside them.
    completionNotes: input.notes,
    inspectorId: inspector?.id ?? null,
    inspectorLicenceNumber: inspector?.licenceNumber ?? null,
    inspectorLicenceExpiresOn: inspector?.licenceExpiresOn ?? null,
    ...(attestation ? { ...attestation, attestedAt: now } : {}),
  });
  if (input.deficiencies?.length) {
    await insertDeficiencies(db, { organizationId: account.id, propertyId: row.propertyId, inspectionId: id, itemType: row.inspectionType }, input.deficiencies);
    for (const deficiency of await listForInspection(db, account.id, id)) await emitWebhookEvent(tx, account.id, 'deficiency.opened', deficiency);
  }
  await emitWebhookEvent(tx, account.id, 'inspection.completed', await q.findInspection(db, account, id, day));
  if (!input.complianceStatus) {
    // Nothing about compliance moves; the requirement only knows it has no open inspection now.
    if (row.requirementId !== null) await refreshOpenInspection(db, row.requirementId);
    return null;
  }
  const nextDue = await recordResult(db, account, { ...row, status: 'completed' }, day, now);
  if (input.complianceStatus === 'non_compliant') {
    await queueComplianceAlert(tx, deps, {
      organizationId: account.id,
      propertyId: row.propertyId,
      inspectionType: row.inspectionType,
      inspectedOn: performed.day,
      notes: input.notes ?? '',
    });
  }
  return nextDue;
}

/** The day an inspection was performed, checked: given or today, never in the future. */
export function performedDay(account: Account, completedDate: string | undefined, now: Date): { now: Date; day: string; performed: { at: Date; day: string } } {
  const day = today(account, now);
  const performed = completionDay(account, completedDate, now);
  if (performed.day > day) throw validationFailed({ completedDate: ['Completion date cannot be in the future'] });
  return { now, day, performed };
}

/**
 * The statement as the signer accepted it. A performer who signs for one of the account's
 * inspectors must be that inspector: a record that names one person as performing it and has
 * another sign "I performed this inspection" contradicts itself, so the signer who is not the
 * inspector records it instead, and the statement names who performed it.
 */
function attest(
  input: { role: 'performer' | 'recorder'; typedName: string },
  inspector: string,
  inspectorChosen: boolean,
): { attestationRole: 'performer' | 'recorder'; attestationStatement: string; attestationName: string } {
  if (input.role === 'performer' && inspectorChosen && !sameName(input.typedName, inspector)) {
    throw validationFailed({
      'attestation.typedName': [`${inspector} is recorded as performing this inspection. Sign as ${inspector}, or choose "I am recording the result".`],
    });
  }
  return { attestationRole: input.role, attestationStatement: attestationStatement(input.role, inspector), attestationName: input.typedName };
}

/**
 * A result now stands on a completed inspection: its requirement, item and property follow,
 * and the next inspection of the requirement is scheduled on its next due date with the same
 * assignee (DECISIONS "Requirements and recurrence"), unless the requirement says not to, one
 * is already open, a later completion sets the date, or the plan has no room for it.
 */
async function recordResult(db: DbOrTx, account: Account, row: q.InspectionRow, day: string, now: Date): Promise<NextDue | null> {
  await lockAccountForLimits(db, account.id);
  let requirementId = row.requirementId;
  if (requirementId === null) {
    const requirement = await requirementForInspection(db, {
      organizationId: account.id,
      propertyId: row.propertyId,
      itemType: row.inspectionType,
      dueDate: row.dueDate,
      today: day,
    });
    requirementId = requirement?.id ?? null;
    if (requirementId !== null) await q.updateInspection(db, row.id, { requirementId });
  }
  if (requirementId === null) {
    await settle(db, { propertyId: row.propertyId, itemTypes: [row.inspectionType], today: day });
    return null;
  }
  const settled = (await settleRequirement(db, requirementId, day))!;
  // The activities whose clock this one restarts (a 12-year hydrostatic test, the 6-year maintenance) follow.
  await settle(db, { propertyId: row.propertyId, requirementIds: await restartedBy(db, [requirementId]), itemTypes: [row.inspectionType], today: day });
  const requirement = (await findRequirement(db, requirementId))!;
  const open = await openInspectionOf(db, requirementId);
  const answer = (notScheduledReason: NextDue['notScheduledReason'], inspectionId: number | null = open): NextDue => ({
    requirementId: requirement.id,
    activity: requirement.activity,
    dueDate: settled.nextDueDate,
    inspectionId,
    notScheduledReason,
  });
  if (settled.latestInspectionId !== row.id) return answer('later_result');
  if (!requirement.active) return answer('switched_off');
  if (!requirement.auto_schedule) return answer('auto_schedule_off');
  if (open !== null) return answer('already_scheduled');
  if (!(await canAddOpenInspection(db, account.id, now))) return answer('plan_limit');
  const nextId = await q.insertInspection(db, {
    organizationId: account.id,
    propertyId: row.propertyId,
    inspectionType: row.inspectionType,
    requirementId,
    dueDate: settled.nextDueDate,
    assignedTo: row.assignedTo,
    status: 'scheduled',
  });
  await refreshOpenInspection(db, requirementId);
  return answer(null, nextId);
}

async function reschedule(deps: InspectionsDeps, account: Account, id: number, input: z.output<typeof rescheduleSchema>, kept: KeptChange) {
  const day = today(account);
  if (input.dueDate < day) throw validationFailed({ dueDate: ['Choose today or a later date'] });
  return writeAccountData(deps.pool, account.id, async ({ db }) => {
    const point = await beginUndoable(db, { organizationId: account.id, propertyId: await propertyOf(db, account, id), inspectionId: id, kind: 'reschedule_inspection' });
    const row = await lockOwn(db, account, id);
    await assertUnchanged(db, account, row, kept);
    if (!isOpen(row.status)) throw conflict(`A ${row.status} inspection cannot be rescheduled.`);
    await q.updateInspection(db, id, { dueDate: input.dueDate, rescheduleReason: input.rescheduleReason });
    await settle(db, { propertyId: row.propertyId, requirementIds: [row.requirementId], itemTypes: [row.inspectionType], today: day });
    return { undoToken: await finishUndoable(db, point) };
  });
}

async function edit(
  deps: InspectionsDeps,
  account: Account,
  id: number,
  input: z.output<typeof inspectionEditSchema>,
  kept: KeptChange,
): Promise<{ nextDue?: NextDue | null; undoToken: string }> {
  const now = new Date();
  const day = today(account, now);
  const { libraryId, requirementId: namedRequirement, ...given } = input;
  // SPEC's one `notes` travels with a result recorded later as it does with a completion: sent
  // without `completionNotes`, they are the findings, and the instructions stay as they were.
  const fields =
    given.complianceResult !== undefined && given.completionNotes === undefined && given.notes !== undefined
      ? { ...given, notes: undefined, completionNotes: given.notes }
      : given;
  return writeAccountData(deps.pool, account.id, async ({ db }) => {
    const point = await beginUndoable(db, { organizationId: account.id, propertyId: await propertyOf(db, account, id), inspectionId: id, kind: 'edit_inspection' });
    const row = await lockOwn(db, account, id);
    await assertUnchanged(db, account, row, kept);
    await ownInspector(db, account, input.inspectorId);
    const type = input.inspectionType ?? row.inspectionType;
    const status = input.status ?? row.status;
    const namesRequirement = (namedRequirement !== undefined && namedRequirement !== row.requirementId) || libraryId !== undefined;
    // A completion counted for the wrong activity (not stated, or assumed) moves to the one named:
    // both requirements settle again from what they then have (issue 37).
    const movesCompletion = row.status === 'completed' && namedRequirement !== undefined && namedRequirement !== row.requirementId && libraryId === undefined;
    // The edit form sends every field; only values that differ are changes.
    const changesSchedule =
      (input.status !== undefined && input.status !== row.status) ||
      (input.dueDate !== undefined && input.dueDate !== row.dueDate) ||
      (input.inspectionType !== undefined && input.inspectionType !== row.inspectionType) ||
      (namesRequirement && !movesCompletion);
    if (!isOpen(row.status) && changesSchedule) {
      if (!(row.status === 'cancelled' && input.status && isOpen(input.status))) {
        throw conflict(`A ${row.status} inspection keeps its type, date and status; only its assignee, notes and result can change.`);
      }
    }
    if (input.complianceResult !== undefined && row.status !== 'completed') {
      throw conflict('Record a result when you complete the inspection.');
    }
    const findings = fields.completionNotes !== undefined ? fields.completionNotes : row.completionNotes;
    if ((input.complianceResult ?? row.complianceResult) === 'non_compliant' && !findings) {
      throw validationFailed({ [fields === given ? 'completionNotes' : 'notes']: ['Required for non-compliance'] });
    }
    if (row.status === 'cancelled' && isOpen(status)) {
      await assertCanAddOpenInspection(db, account.id);
    }
    let requirementId = row.requirementId;
    if (movesCompletion || (isOpen(status) && (type !== row.inspectionType || namesRequirement || requirementId === null || !isOpen(row.status)))) {
      const requirement = await requirementForInspection(db, {
        organizationId: account.id,
        propertyId: row.propertyId,
        itemType: type,
        dueDate: input.dueDate ?? row.dueDate,
        today: day,
        requirementId: namedRequirement,
        libraryId,
      });
      requirementId = requirement?.id ?? null;
    }
    // Naming the activity (the same one included: a confirmation) makes it stated; a requirement
    // picked again without one (another type) counts for the principal one unsaid.
    const activityBasis =
      namedRequirement !== undefined || libraryId !== undefined
        ? ('stated' as const)
        : requirementId !== row.requirementId && requirementId !== null
          ? await q.basisWithoutNaming(db, row.propertyId, type)
          : undefined;
    // The next inspections waiting on either requirement's date follow it when it moves.
    const dueBefore = movesCompletion ? await nextDueDates(db, [row.requirementId, requirementId]) : [];
    await q.updateInspection(db, id, { ...fields, requirementId, ...(activityBasis ? { activityBasis } : {}) });
    const recordsFirstResult = input.complianceResult !== undefined && row.complianceResult === null;
    if (recordsFirstResult) {
      const nextDue = await recordResult(db, account, { ...row, ...fields, notes: fields.notes ?? row.notes, completionNotes: findings, requirementId }, day, now);
      await settle(db, { propertyId: row.propertyId, requirementIds: [row.requirementId], itemTypes: [row.inspectionType], today: day });
      return { nextDue, undoToken: await finishUndoable(db, point) };
    }
    await settle(db, {
      propertyId: row.propertyId,
      requirementIds: [row.requirementId, requirementId],
      itemTypes: [row.inspectionType, type],
      today: day,
      prune: true,
    });
    await moveScheduledNext(db, dueBefore);
    return { undoToken: await finishUndoable(db, point) };
  });
}

/** The requirements' next due dates as they stand, to move what waits on them once they settle again. */
async function nextDueDates(db: DbOrTx, ids: (number | null)[]): Promise<{ requirementId: number; nextDueDate: string }[]> {
  const found = await Promise.all([...new Set(ids)].filter((id): id is number => id !== null).map((id) => findRequirement(db, id)));
  return found.filter((r) => r !== undefined).map((r) => ({ requirementId: r.id, nextDueDate: r.next_due_date }));
}

/** Refusing to delete a walk's inspection (its devices' clocks and history come from it). */
export const RECORDED_BY_WALK = "A walk-through recorded this inspection, and its devices' history and dates come from it. Correct its result or notes instead, so the record is kept.";

/** Deleting recomputes its requirement and item from the inspections that remain. */
export async function deleteInspection(deps: InspectionsDeps, account: Account, id: number): Promise<{ undoToken: string }> {
  const day = today(account);
  return writeAccountData(deps.pool, account.id, async ({ db }) => {
    const point = await beginUndoable(db, { organizationId: account.id, propertyId: await propertyOf(db, account, id), inspectionId: id, kind: 'delete_inspection' });
    const row = await lockOwn(db, account, id);
    // Without its re-test a corrected failure would count as passed (resultAfterCorrectionsSql):
    // only a result recorded on it, or cancelling it (the failure then stands), ends it.
    if (row.retestOfId !== null && isOpen(row.status)) {
      throw conflict('This re-test is what shows the repair worked, and the item stays non-compliant until it passes. Record its result, or cancel it (the failure then stands until another inspection passes).');
    }
    // The devices a finished walk reached keep its day on their clocks and its taps as their
    // history: deleting its inspection would take the record away and leave the dates.
    if (await recordedByFinishedWalk(db, id)) throw conflict(RECORDED_BY_WALK);
    await q.deleteInspection(db, id);
    await settle(db, { propertyId: row.propertyId, requirementIds: [row.requirementId], itemTypes: [row.inspectionType], today: day, prune: true });
    return { undoToken: await finishUndoable(db, point) };
  });
}

export async function reminderLogs(deps: InspectionsDeps, account: Account, id: number): Promise<ReminderLog[]> {
  await getInspection(deps, account, id);
  const rows = await q.listReminderLogs(deps.db, account.id, id);
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return rows.map((row) => ({
    id: row.id,
    reminderType: row.reminder_type,
    dueDate: row.due_date,
    emailSent: row.email_sent,
    sentAt: iso(row.sent_at),
    reminderCount: row.reminder_count,
    nextScheduledAt: iso(row.next_scheduled_at),
    createdAt: iso(row.created_at)!,
    delivery: reminderDelivery(row.mail_status, row.email_sent),
    to: row.mail_to,
    subject: row.mail_subject,
    queuedAt: iso(row.mail_queued_at),
  }));
}

/**
 * What became of a reminder's latest e-mail: taken by the mail server, waiting in the outbox,
 * written to the server log because no mail server is set up (SMTP_URL unset), given up on
 * after its retries, or not sent (an address that asked for no more mail).
 */
function reminderDelivery(status: q.ReminderLogRow['mail_status'], emailSent: boolean): ReminderLog['delivery'] {
  switch (status) {
    case 'sent':
      return 'sent';
    case 'logged':
      return 'logged';
    case 'failed':
      return 'failed';
    case 'suppressed':
      return 'not_sent';
    case 'pending':
    case 'held':
      return 'waiting';
    default:
      // No outbox row to ask (none was found): the log's own flag.
      return emailSent ? 'sent' : 'waiting';
  }
}
