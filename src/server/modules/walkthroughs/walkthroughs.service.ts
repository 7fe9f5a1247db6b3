import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { z } from 'zod';
import { todayInTimeZone } from '@shared/dates';
import { deviceLocationText } from '@shared/device-kind';
import { checkLabels, checklistFor } from '@shared/device-checklists/index';
import { OTHER_CHECK_KEY } from '@shared/device-checklists/checklist';
import type { finishWalkthroughSchema, startWalkthroughSchema, walkthroughTapSchema, WalkthroughResponse, WalkthroughTapResponse } from '@shared/schemas/walkthrough';
import { completeInspectionSchema } from '@shared/schemas/inspection';
import type { Account } from '../../account';
import { writeAccountData } from '../../cache/account-cache';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import type { MailLog } from '../../email/quota';
import { conflict, notFound, validationFailed } from '../../errors';
import { openInspectionOf, refreshOpenInspection, syncItem, syncProperty } from '../compliance/compliance.queries';
import { settle } from '../compliance/compliance.service';
import { listForInspection } from '../deficiencies/deficiencies.queries';
import { completeWithin, performedDay } from '../inspections/inspections.service';
import { assertPropertyExists } from '../properties/properties.service';
import { lockAccountForLimits } from '../subscription/subscription.service';
import { emitWebhookEvent } from '../webhooks/emit';
import * as q from './walkthroughs.queries';

export interface WalkthroughsDeps {
  db: Db;
  pool: pg.Pool;
  boss: PgBoss;
  config: Config;
  log?: MailLog;
}

const walkNotFound = () => notFound('Walk-through not found');
const isOpenInspection = (status: string) => status === 'scheduled' || status === 'in_progress';
/** The walk's inspection was completed or cancelled on its own page: the walk cannot go on. */
const inspectionClosed = () => conflict("This walk-through's inspection was completed or cancelled elsewhere. Start the walk-through again.");
/** Tap ids are made by the phone, unique across Firemark: one taken elsewhere is not this tap sent again. */
const tapIdTaken = () => conflict('This tap id was already used for another tap. Send the tap with a new id.');
const today = (account: Account) => todayInTimeZone(account.timeZone, new Date());
const iso = (d: Date | string) => new Date(d).toISOString();
/** The inspection's notes are at most 5000 characters (completeInspectionSchema). */
const NOTES_LIMIT = 5000;

/**
 * Where the checks come from. A code set other than the one the list was read from cites its
 * own edition for the activity: both are shown, so nobody takes one for the other.
 */
function checklistSource(header: q.WalkHeaderRow): string | null {
  const { source } = checklistFor(header.library_key);
  if (!source) return header.requirement_source;
  if (header.code_set === 'us-nfpa' || !header.requirement_source) return source;
  return `${source}; this property's code set cites ${header.requirement_source} for the activity`;
}

function summary(header: q.WalkHeaderRow) {
  return {
    id: header.id,
    propertyId: header.property_id,
    propertyName: header.property_name,
    requirementId: header.requirement_id,
    activity: header.activity,
    itemType: header.item_type,
    inspectionId: header.inspection_id,
    status: header.status,
    startedAt: iso(header.started_at),
    startedBy: header.started_by,
    finishedAt: header.finished_at ? iso(header.finished_at) : null,
    progress: { total: header.total, done: header.done, passed: header.passed, failed: header.failed, notAccessible: header.not_accessible },
  };
}

function toTap(row: Pick<q.ResultRow, 'device_id' | 'client_id' | 'result' | 'reason' | 'failed_checks' | 'deficiency_id' | 'recorded_at' | 'recorded_by'>): WalkthroughTapResponse {
  return {
    deviceId: row.device_id,
    clientId: row.client_id,
    result: row.result,
    reason: row.reason,
    failedChecks: row.failed_checks ?? [],
    deficiencyId: row.deficiency_id,
    recordedAt: iso(row.recorded_at),
    recordedBy: row.recorded_by,
  };
}

export async function getWalkthrough(deps: Pick<WalkthroughsDeps, 'db'>, account: Account, id: number): Promise<WalkthroughResponse> {
  const header = await q.findWalk(deps.db, account, id);
  if (!header) throw walkNotFound();
  const rows = await q.listWalkDevices(deps.db, header);
  return {
    ...summary(header),
    checklist: checklistFor(header.library_key).items.map(({ key, label }) => ({ key, label })),
    checklistSource: checklistSource(header),
    devices: rows.map((row) => ({
      deviceId: row.device_id,
      tag: row.tag,
      subtype: row.subtype,
      rating: row.rating,
      building: row.building,
      floor: row.floor,
      room: row.room,
      description: row.description,
      status: row.status,
      nextDueDate: row.next_due_date,
      tap: row.result && row.client_id && row.recorded_at ? toTap({ ...row, result: row.result, client_id: row.client_id, recorded_at: row.recorded_at }) : null,
    })),
  };
}

export async function listOpenWalkthroughs(deps: WalkthroughsDeps, account: Account, propertyId: number) {
  await assertPropertyExists(deps, account, propertyId);
  return (await q.listOpenWalks(deps.db, account, propertyId)).map(summary);
}

/**
 * Start the walk of one activity, or resume its open one (whoever started it: one open walk
 * per activity). A new walk records the activity's open inspection, now in progress, or one
 * opened for it due today and assigned to whoever starts; outside the Free plan's limit of one
 * open inspection while the walk is open (subscription.queries countOpenInspections). An
 * inspector who walks takes the inspection as theirs, so that they can finish it.
 */
export async function startWalkthrough(
  deps: WalkthroughsDeps,
  account: Account,
  propertyId: number,
  input: z.output<typeof startWalkthroughSchema>,
): Promise<{ walkthrough: WalkthroughResponse; created: boolean }> {
  await assertPropertyExists(deps, account, propertyId);
  const day = today(account);
  const inspectorId = account.role === 'inspector' ? account.inspectorId : null;
  const { id, created } = await writeAccountData(deps.pool, account.id, async ({ db }) => {
    await lockAccountForLimits(db, account.id);
    const requirement = await q.findRequirement(db, account, propertyId, input.requirementId);
    if (!requirement) throw validationFailed({ requirementId: ['Choose an activity of this property'] });
    let open = await q.lockOpenWalk(db, propertyId, requirement.id);
    if (open && !isOpenInspection(open.inspection_status)) {
      await q.markAbandoned(db, open.id);
      open = undefined;
    }
    if (open) {
      if (inspectorId !== null) await q.startInspection(db, open.inspection_id, inspectorId);
      return { id: open.id, created: false };
    }
    if (!requirement.active) throw conflict('This activity is switched off for this property. Switch it on first.');
    if ((await q.countWalkableDevices(db, requirement.id)) === 0) {
      throw conflict('No device in service has this activity. Add the devices first.');
    }
    let inspectionId = await openInspectionOf(db, requirement.id);
    if (inspectionId !== null) {
      await q.startInspection(db, inspectionId, inspectorId);
    } else {
      inspectionId = await q.insertInspection(db, {
        organizationId: account.id,
        propertyId,
        itemType: requirement.item_type,
        requirementId: requirement.id,
        dueDate: day,
        assignedTo: await q.personName(db, account.userId),
        inspectorId,
      });
    }
    await refreshOpenInspection(db, requirement.id);
    await settle(db, { propertyId, requirementIds: [requirement.id], itemTypes: [requirement.item_type], today: day });
    return { id: await q.insertWalk(db, { organizationId: account.id, propertyId, requirementId: requirement.id, inspectionId, startedBy: account.userId }), created: true };
  });
  return { walkthrough: await getWalkthrough(deps, account, id), created };
}

/** "Tag EXT-001 · North wing · Floor 2 · 201 · by stair B door": where the deficiency is, as its label and the walls say. */
function locationOf(device: { tag: string; building: string | null; floor: string | null; room: string | null; description: string | null }): string {
  return [`Tag ${device.tag}`, deviceLocationText(device)].filter(Boolean).join(' · ');
}

/**
 * The roll-up a tap changes: an open deficiency on a device makes its item non-compliant
 * (decision 042). No clock moves until the walk finishes, so the item and the property are
 * counted again, not the devices' clocks.
 */
async function rollUp(db: DbOrTx, propertyId: number, itemType: q.WalkRow['item_type']): Promise<void> {
  await syncItem(db, propertyId, itemType);
  await syncProperty(db, propertyId);
}

/** What a Fail found: the failed checks' labels, then the inspector's words. */
function failure(libraryKey: string | null, input: z.output<typeof walkthroughTapSchema>): string {
  const keys = input.failedChecks ?? [];
  const known = new Set(checklistFor(libraryKey).items.map((item) => item.key));
  const unknown = keys.filter((key) => !known.has(key));
  if (unknown.length) throw validationFailed({ failedChecks: [`Not a check of this activity: ${unknown.join(', ')}`] });
  if (keys.includes(OTHER_CHECK_KEY) && !input.description) throw validationFailed({ description: ['Describe what was found'] });
  const labels = checkLabels(
    libraryKey,
    keys.filter((key) => key !== OTHER_CHECK_KEY),
  );
  return [...labels, ...(input.description ? [input.description] : [])].join('; ');
}

/**
 * One tap, saved at once. The phone's id for it makes a tap sent twice count once: every id a
 * walk has seen is kept, and one sent again is answered with the device's tap as it stands now,
 * nothing applied again (an old Pass re-sent after a Fail does not undo the Fail). A Fail opens a deficiency on the walk's
 * inspection naming the device (photos then go through POST /api/deficiencies/{id}/photos); a
 * later tap on the same device replaces the earlier one, and a Fail taken back removes the
 * deficiency it opened while that is still open.
 */
export async function recordTap(
  deps: WalkthroughsDeps,
  account: Account,
  walkId: number,
  deviceId: number,
  input: z.output<typeof walkthroughTapSchema>,
): Promise<WalkthroughTapResponse> {
  return writeAccountData(deps.pool, account.id, async ({ db }) => {
    // The account lock first, as every compliance change takes it: a tap rolls the item up.
    await lockAccountForLimits(db, account.id);
    const walk = await q.lockWalk(db, account, walkId);
    if (!walk) throw walkNotFound();
    const seen = await q.findTapId(db, input.clientId);
    if (seen) return resent(db, account, seen, walk.id, deviceId);
    if (walk.status !== 'open') throw conflict('This walk-through is finished. Start a new one to record more.');
    if (!isOpenInspection(walk.inspection_status)) throw inspectionClosed();
    const device = await q.findWalkDevice(db, walk, deviceId);
    if (!device) throw notFound('Device not found');
    // Another walk took the same id at the same moment: it is theirs.
    if (!(await q.insertTapId(db, { clientId: input.clientId, organizationId: account.id, walkId: walk.id, deviceId }))) {
      const taken = await q.findTapId(db, input.clientId);
      if (taken) return resent(db, account, taken, walk.id, deviceId);
      throw tapIdTaken();
    }
    const before = await q.findResult(db, walk.id, deviceId);
    // A unit out of service (or removed) is not walked; one taken out after its tap keeps that tap, and may change it.
    if (!device.in_service && !before) throw conflict('This device is not in service, so it is not part of the walk.');
    let deficiencyId: number | null = null;
    if (input.result === 'fail') {
      const found = { description: failure(walk.library_key, input), severity: input.severity!, location: locationOf(device), correctiveAction: input.correctiveAction };
      const kept = before?.deficiency_id != null && (await q.updateOpenDeficiency(db, before.deficiency_id, found));
      deficiencyId = kept
        ? before!.deficiency_id
        : await q.insertDeficiency(db, { organizationId: account.id, propertyId: walk.property_id, inspectionId: walk.inspection_id, itemType: device.item_type, deviceId }, found);
    } else if (before?.deficiency_id != null) {
      await q.deleteOpenDeficiency(db, before.deficiency_id);
    }
    await q.upsertResult(db, {
      organizationId: account.id,
      walkId: walk.id,
      deviceId,
      clientId: input.clientId,
      result: input.result,
      reason: input.result === 'not_accessible' ? input.reason : null,
      failedChecks: input.result === 'fail' ? (input.failedChecks ?? []) : null,
      deficiencyId,
      recordedBy: account.userId,
    });
    await q.touchWalk(db, walk.id);
    if (deficiencyId !== null || before?.deficiency_id != null) await rollUp(db, walk.property_id, device.item_type);
    return toTap((await q.findResult(db, walk.id, deviceId))!);
  });
}

/** A tap id seen before: the device's tap as it stands, when it is this walk's and device's. */
async function resent(db: DbOrTx, account: Account, seen: q.TapIdRow, walkId: number, deviceId: number): Promise<WalkthroughTapResponse> {
  if (seen.organization_id !== account.id) throw tapIdTaken();
  if (seen.walkthrough_id !== walkId || seen.device_id !== deviceId) throw conflict('This tap was already recorded for another device.');
  const stands = await q.findResult(db, walkId, deviceId);
  if (!stands) throw conflict('This tap was cleared after it was sent. Tap the device again.');
  return toTap(stands);
}

/** Clear a device's tap: it is not reached again until tapped; a Fail's open deficiency goes with it. */
export async function clearTap(deps: WalkthroughsDeps, account: Account, walkId: number, deviceId: number): Promise<void> {
  await writeAccountData(deps.pool, account.id, async ({ db }) => {
    await lockAccountForLimits(db, account.id);
    const walk = await q.lockWalk(db, account, walkId);
    if (!walk) throw walkNotFound();
    if (walk.status !== 'open') throw conflict('This walk-through is finished; its results are kept as recorded.');
    const before = await q.findResult(db, walk.id, deviceId);
    if (!before) return;
    if (before.deficiency_id !== null) await q.deleteOpenDeficiency(db, before.deficiency_id);
    await q.deleteResult(db, walk.id, deviceId);
    await q.touchWalk(db, walk.id);
    if (before.deficiency_id !== null) await rollUp(db, walk.property_id, walk.item_type);
  });
}

/** The inspection's findings: every device that did not pass, in walking order, then the notes typed at the end. */
async function walkNotes(db: DbOrTx, walkId: number, typed: string | null): Promise<string | null> {
  const lines = (await q.findings(db, walkId)).map((row) => {
    const where = deviceLocationText({ building: row.building, floor: row.floor, room: row.room, description: row.location });
    const what = row.result === 'fail' ? `Fail: ${row.description ?? 'see its deficiency'}` : `Not accessible: ${row.reason ?? ''}`;
    return `${row.tag}${where ? ` (${where})` : ''}. ${what}`;
  });
  const text = [typed, ...lines].filter(Boolean).join('\n');
  if (!text) return null;
  // A walk of hundreds of failures keeps every one in its deficiencies; the notes say so where they stop.
  return text.length <= NOTES_LIMIT ? text : `${text.slice(0, NOTES_LIMIT - 60).replace(/\n[^\n]*$/, '')}\n… and more: see the deficiencies of this inspection.`;
}

async function finishedAnswer(db: DbOrTx, account: Account, walkId: number) {
  const header = await q.findWalk(db, account, walkId);
  if (!header) throw walkNotFound();
  const outcome = await q.finishedOutcome(db, header.inspection_id, header.requirement_id);
  return {
    walkthrough: summary(header),
    inspectionId: header.inspection_id,
    result: outcome?.result ?? 'compliant',
    notReached: header.total - header.done,
    nextInspectionId: outcome?.next_id ?? null,
  };
}

/**
 * Finish: the walk's inspection is completed through the inspections service, as the dialog
 * completes one (attestation, result, the next one scheduled), non-compliant when any device
 * failed, with notes listing what did not pass. The devices reached with a Pass or a Fail have
 * their clocks moved; a device not reached, or not accessible, stays due. Finishing again
 * answers what the first finish did.
 */
export async function finishWalkthrough(deps: WalkthroughsDeps, account: Account, walkId: number, input: z.output<typeof finishWalkthroughSchema>) {
  const when = performedDay(account, input.completedDate, new Date());
  await writeAccountData(deps.pool, account.id, async (tx) => {
    const { db } = tx;
    await lockAccountForLimits(db, account.id);
    const walk = await q.lockWalk(db, account, walkId);
    if (!walk) throw walkNotFound();
    if (walk.status === 'finished') return;
    if (walk.status !== 'open') throw conflict('This walk-through was abandoned.');
    if (!isOpenInspection(walk.inspection_status)) throw inspectionClosed();
    const reached = await q.reachedDevices(db, walk.id);
    if (reached.length === 0) throw conflict('No device has a Pass or a Fail yet. Record at least one before finishing.');
    // An inspector completes only what is assigned to them: finishing a walk another started, they take it.
    if (account.role === 'inspector' && account.inspectorId !== null) await q.startInspection(db, walk.inspection_id, account.inspectorId);
    const failed = reached.some((row) => row.result === 'fail');
    const completion = completeInspectionSchema.parse({
      status: 'completed',
      completedDate: when.performed.day,
      notes: await walkNotes(db, walk.id, input.notes),
      complianceStatus: failed ? 'non_compliant' : 'compliant',
      inspectorId: input.inspectorId ?? undefined,
      attestation: input.attestation,
    });
    await completeWithin(tx, deps, account, walk.inspection_id, completion, when);
    await q.recordDeviceResults(
      db,
      walk.requirement_id,
      when.performed.day,
      reached.map((row) => ({ deviceId: row.device_id, result: row.result === 'fail' ? 'non_compliant' : 'compliant' })),
    );
    await q.markFinished(db, walk.id);
    // Settling the item counts the reached devices' next due dates from the day done (syncDeviceRequirements).
    // The walk's findings are announced once they are part of a completed inspection.
    for (const deficiency of await listForInspection(db, account.id, walk.inspection_id)) await emitWebhookEvent(tx, account.id, 'deficiency.opened', deficiency);
    await settle(db, { propertyId: walk.property_id, requirementIds: [walk.requirement_id], itemTypes: [walk.item_type], today: when.day });
  });
  return finishedAnswer(deps.db, account, walkId);
}
