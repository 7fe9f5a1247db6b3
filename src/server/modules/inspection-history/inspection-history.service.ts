import type pg from 'pg';
import { rememberedPage, writeAccountData } from '../../cache/account-cache';
import { formatDisplayDate, todayInTimeZone } from '@shared/dates';
import { INSPECTION_TYPE_LABELS, INSPECTION_TYPES, type InspectionType } from '@shared/enums';
import { matchActivity, readItemType } from '@shared/inspection-history-words';
import { ERROR_CODES } from '@shared/api-error';
import type { HistoryImportResult, HistoryImportRow, HistoryPreview, HistoryPreviewRow, HistoryRow } from '@shared/schemas/inspection-history';
import type { Account } from '../../account';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, validationFailed } from '../../errors';
import { accountContact } from '../auth/account-contact';
import { findInspector } from '../inspectors/inspectors.queries';
import { syncItems, syncProperties } from '../compliance/compliance-batch.queries';
import { settleWithRestarts } from '../compliance/restarts.queries';
import { lockAccountForLimits, openInspectionRoom } from '../subscription/subscription.service';
import * as q from './inspection-history.queries';

/**
 * Recording past inspections (issue 35 §2, docs/onboarding-a-portfolio.md): each row becomes a
 * completed, back-dated inspection with its result, and the usual rules make the schedule
 * right (the latest day performed wins, next due from it). History is not news: no reminder,
 * compliance alert, mail or webhook goes out for it, and each requirement gets at most the one
 * next inspection that recurrence would schedule.
 */

export interface InspectionHistoryDeps {
  db: Db;
  pool: pg.Pool;
}

/** An import with rows that match nothing: answered 422 with those rows, nothing saved. */
export class UnmatchedRowsError extends Error {
  constructor(readonly rows: HistoryPreviewRow[]) {
    const n = rows.length;
    super(`${n} ${n === 1 ? 'row matches' : 'rows match'} nothing; nothing was imported.`);
  }
}

/** What a matched row is for: an existing requirement, or a library entry of a safety item the property gets. */
type Target =
  | { kind: 'requirement'; requirement: q.RequirementCandidate }
  | { kind: 'library'; entry: q.LibraryEntry; propertyId: number; propertyName: string };

interface Resolved {
  line: number;
  row: HistoryRow;
  propertyId: number | null;
  propertyName: string | null;
  itemType: InspectionType | null;
  activityStated: boolean;
  target: Target | null;
  problem: string | null;
  /** Already recorded: the completion it repeats, or the earlier row (0-based) of the same call. */
  recorded: number | null;
  earlierRow: number | null;
}

/** Who the rows are recorded as: an inspector member always as themselves (as completing an inspection records them). */
interface Recorder {
  inspectorId: number | null;
  /** The inspector member's own name; null for other roles (the row's inspector column is taken). */
  name: string | null;
}

async function recorderOf(db: DbOrTx, account: Account): Promise<Recorder> {
  if (account.role !== 'inspector') return { inspectorId: null, name: null };
  const own = account.inspectorId === null ? undefined : await findInspector(db, account.id, account.inspectorId);
  if (!own) throw new AppError(ERROR_CODES.forbidden, 'Your membership is not linked to an inspector yet: ask an owner or admin to link it.');
  return { inspectorId: own.id, name: own.name };
}

const recordedName = (row: HistoryRow, as: Recorder) => as.name ?? row.inspector ?? null;
/** Said on an inspector member's row that names someone else: it is recorded as them anyway. */
function recorderNote(row: HistoryRow, as: Recorder): string | null {
  if (as.name === null || !row.inspector || row.inspector.toLowerCase() === as.name.toLowerCase()) return null;
  return `Recorded as ${as.name}: inspectors record only their own inspections`;
}

const today = (account: Account) => todayInTimeZone(account.timeZone, new Date());
const TYPE_NAMES = INSPECTION_TYPES.map((t) => INSPECTION_TYPE_LABELS[t]).join(', ');
/** Spaces as one, around commas as ", ": how a name or address is compared. */
const tidy = (text: string) => text.replace(/\s+/g, ' ').replace(/\s*,\s*/g, ', ').trim();

/** A day after the organisation's today is refused as the form refuses it: 400, by field. */
function assertNotFuture(rows: HistoryRow[], day: string): void {
  const fieldErrors: Record<string, string[]> = {};
  rows.forEach((row, i) => {
    if (row.performedOn > day) fieldErrors[`rows.${i}.performedOn`] = ['The day it was done cannot be in the future'];
  });
  if (Object.keys(fieldErrors).length) throw validationFailed(fieldErrors, 'Some rows are dated in the future. Fix them and try again.');
}

/** The ways a property column can be read: an id, a whole name, or a name and the start of its address at any comma. */
function propertyCandidates(texts: string[]): q.PropertyCandidate[] {
  const candidates: q.PropertyCandidate[] = [];
  texts.forEach((text, k) => {
    if (/^\d{1,9}$/.test(text)) candidates.push({ k, id: Number(text), name: null, address: null });
    candidates.push({ k, id: null, name: text, address: null });
    for (let at = text.indexOf(','); at > 0; at = text.indexOf(',', at + 1)) {
      candidates.push({ k, id: null, name: text.slice(0, at).trim(), address: text.slice(at + 1).trim() });
    }
  });
  return candidates;
}

/** Which property each written text names, or why none. A property out of reach reads as none. */
function resolveProperty(text: string, hits: q.PropertyHit[]): { propertyId: number; propertyName: string } | { problem: string } {
  const distinct = (how: q.PropertyHit['how']) => [...new Map(hits.filter((h) => h.how === how).map((h) => [h.property_id, h])).values()];
  const byId = distinct('id');
  const byName = distinct('name');
  // A property named "1" and the property whose id is 1: the text could be either, so neither is guessed.
  const others = byName.filter((h) => h.property_id !== byId[0]?.property_id);
  if (byId.length === 1 && others.length) {
    const named = [...others, byId[0]!].map((h) => `"${h.property_name}" (id ${h.property_id})`);
    return { problem: `"${text}" could be ${named.slice(0, -1).join(', ')} or ${named.at(-1)}: write the name and address` };
  }
  if (byId.length === 1) return { propertyId: byId[0]!.property_id, propertyName: byId[0]!.property_name };
  if (byName.length === 1) return { propertyId: byName[0]!.property_id, propertyName: byName[0]!.property_name };
  if (byName.length > 1) return { problem: `${byName.length} properties are called ${text}: add the address` };
  const byAddress = distinct('name_address');
  if (byAddress.length === 1) return { propertyId: byAddress[0]!.property_id, propertyName: byAddress[0]!.property_name };
  if (byAddress.length > 1) return { problem: `${byAddress.length} properties match ${text}: add more of the address` };
  return { problem: `No property matches "${text}": write its name as in Firemark, "name, address", or its id` };
}

/** The activity a row names among a safety item's requirements, or the principal one when it names none. */
function pickRequirement(row: HistoryRow, requirements: q.RequirementCandidate[]): { requirement: q.RequirementCandidate } | { problem: string } {
  if (row.activity) {
    const found = matchActivity(row.activity, requirements);
    if (!found.match) return { problem: found.problem };
    if (!found.match.active) return { problem: `${found.match.activity} is switched off for this property` };
    return { requirement: found.match };
  }
  // As an inspection naming no requirement counts: the principal one, else the active one with the longest interval.
  const active = requirements
    .filter((r) => r.active)
    .sort((a, b) => Number(b.principal) - Number(a.principal) || (b.interval_months ?? 0) * 31 + (b.interval_days ?? 0) - ((a.interval_months ?? 0) * 31 + (a.interval_days ?? 0)) || a.id - b.id);
  if (!active.length) return { problem: 'This safety item is switched off for this property' };
  return { requirement: active[0]! };
}

function pickLibraryEntry(row: HistoryRow, entries: q.LibraryEntry[]): { entry: q.LibraryEntry } | { problem: string } {
  if (!row.activity) {
    const principal = entries.find((e) => e.principal) ?? entries[0];
    return principal ? { entry: principal } : { problem: 'This safety item has no activities' };
  }
  const found = matchActivity(row.activity, entries);
  return found.match ? { entry: found.match } : { problem: found.problem };
}

/** Matches every row in a few statements: requirements by id, properties by id or name, then activities in memory. */
async function matchRows(db: DbOrTx, account: Account, rows: HistoryRow[]): Promise<Resolved[]> {
  const resolved: Resolved[] = rows.map((row, i) => ({
    line: i + 1,
    row,
    propertyId: null,
    propertyName: null,
    itemType: null,
    activityStated: Boolean(row.activity),
    target: null,
    problem: null,
    recorded: null,
    earlierRow: null,
  }));

  const byRequirement = resolved.filter((r) => r.row.requirementId !== undefined);
  const requirementsById = new Map((await q.findRequirementsById(db, account, [...new Set(byRequirement.map((r) => r.row.requirementId!))])).map((r) => [r.id, r]));
  for (const r of byRequirement) {
    const requirement = requirementsById.get(r.row.requirementId!);
    if (!requirement) {
      r.problem = 'No such requirement';
      continue;
    }
    Object.assign(r, { propertyId: requirement.property_id, propertyName: requirement.property_name, itemType: requirement.item_type, activityStated: true });
    if (!requirement.active) r.problem = `${requirement.activity} is switched off for this property`;
    else r.target = { kind: 'requirement', requirement };
  }

  const byProperty = resolved.filter((r) => r.row.requirementId === undefined);
  const texts = [...new Set(byProperty.map((r) => tidy(r.row.property!)))];
  const hits = await q.findProperties(db, account, propertyCandidates(texts));
  const hitsByText = new Map<number, q.PropertyHit[]>();
  for (const hit of hits) hitsByText.set(hit.k, [...(hitsByText.get(hit.k) ?? []), hit]);
  const properties = texts.map((text, k) => resolveProperty(text, hitsByText.get(k) ?? []));
  const propertyOfText = new Map(texts.map((text, k) => [text, properties[k]!]));

  for (const r of byProperty) {
    const property = propertyOfText.get(tidy(r.row.property!))!;
    r.itemType = readItemType(r.row.itemType!);
    if ('problem' in property) r.problem = property.problem;
    else Object.assign(r, property);
    if (!r.itemType) r.problem = r.problem ?? `Unknown safety item "${r.row.itemType}": write one of ${TYPE_NAMES}`;
  }

  const matchedItems = [...new Map(byProperty.filter((r) => !r.problem).map((r) => [`${r.propertyId}|${r.itemType}`, { propertyId: r.propertyId!, itemType: r.itemType! }])).values()];
  const requirementsOf = new Map<string, q.RequirementCandidate[]>();
  for (const requirement of await q.requirementsOfItems(db, account.id, matchedItems)) {
    const key = `${requirement.property_id}|${requirement.item_type}`;
    requirementsOf.set(key, [...(requirementsOf.get(key) ?? []), requirement]);
  }
  const needsLibrary = byProperty.some((r) => !r.problem && !requirementsOf.has(`${r.propertyId}|${r.itemType}`));
  // Matched within each property's code set: a Canadian property's history finds Canadian activities.
  const library = needsLibrary ? await q.libraryEntries(db, [...new Set(matchedItems.map((i) => i.propertyId))]) : [];

  for (const r of byProperty) {
    if (r.problem) continue;
    const own = requirementsOf.get(`${r.propertyId}|${r.itemType}`);
    if (own) {
      const picked = pickRequirement(r.row, own);
      if ('problem' in picked) r.problem = picked.problem;
      else r.target = { kind: 'requirement', requirement: picked.requirement };
    } else {
      const picked = pickLibraryEntry(r.row, library.filter((e) => e.property_id === r.propertyId && e.item_type === r.itemType));
      if ('problem' in picked) r.problem = picked.problem;
      else r.target = { kind: 'library', entry: picked.entry, propertyId: r.propertyId!, propertyName: r.propertyName! };
    }
  }
  await checkReplacements(db, account, resolved);
  await markRecorded(db, account, resolved);
  return resolved;
}

/**
 * A correction replaces only an inspection of the same requirement that history recorded (and,
 * for an inspector member, recorded as them), each once; any other id is refused by field.
 */
async function checkReplacements(db: DbOrTx, account: Account, resolved: Resolved[]): Promise<void> {
  const replacing = resolved.filter((r) => r.row.replacesInspectionId !== undefined);
  if (!replacing.length) return;
  const replaceable = await q.replaceableInspections(db, account, replacing.map((r) => r.row.replacesInspectionId!));
  const fieldErrors: Record<string, string[]> = {};
  const taken = new Set<number>();
  for (const r of replacing) {
    const id = r.row.replacesInspectionId!;
    const requirementId = r.target?.kind === 'requirement' ? r.target.requirement.id : null;
    if (requirementId === null || replaceable.get(id) !== requirementId || taken.has(id)) {
      fieldErrors[`rows.${r.line - 1}.replacesInspectionId`] = ['This inspection cannot be replaced'];
    }
    taken.add(id);
  }
  if (Object.keys(fieldErrors).length) throw validationFailed(fieldErrors, 'Only a past inspection just recorded for the same requirement can be corrected.');
}

/** Rows repeating a completion already recorded, or an earlier row of the same call: skipped, never blocking. */
async function markRecorded(db: DbOrTx, account: Account, resolved: Resolved[]): Promise<void> {
  const existing = resolved.filter((r) => r.target?.kind === 'requirement');
  const recorded = await q.findRecorded(
    db,
    account.id,
    existing.map((r) => ({
      k: r.line,
      property_id: r.propertyId!,
      requirement_id: (r.target as { requirement: q.RequirementCandidate }).requirement.id,
      day: r.row.performedOn,
      result: r.row.result,
      replaces: r.row.replacesInspectionId ?? null,
    })),
  );
  const first = new Map<string, number>();
  resolved.forEach((r, i) => {
    if (!r.target) return;
    r.recorded = recorded.get(r.line) ?? null;
    if (r.recorded !== null) return;
    const key = `${targetKey(r.target)}|${r.row.performedOn}|${r.row.result}`;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, i);
    else r.earlierRow = earlier;
  });
}

const isDuplicate = (r: Resolved) => r.recorded !== null || r.earlierRow !== null;

function duplicateProblem(r: Resolved): string | null {
  if (r.recorded !== null) return `Already recorded on ${formatDisplayDate(r.row.performedOn)}`;
  if (r.earlierRow !== null) return `Already in this file (row ${r.earlierRow + 1})`;
  return null;
}

/** One key per requirement, existing or to be added (a library entry at a property). */
const targetKey = (t: Target) => (t.kind === 'requirement' ? `r${t.requirement.id}` : `l${t.propertyId}|${t.entry.id}`);

/** What each row matched and what the whole file will change; saves nothing. */
async function previewRows(db: DbOrTx, resolved: Resolved[], as: Recorder): Promise<HistoryPreviewRow[]> {
  // The latest day of the file per requirement, and from it the next due date after the import.
  const latest = new Map<string, { target: Target; day: string }>();
  for (const r of resolved) {
    if (!r.target || isDuplicate(r)) continue;
    const key = targetKey(r.target);
    const seen = latest.get(key);
    if (!seen || r.row.performedOn > seen.day) latest.set(key, { target: r.target, day: r.row.performedOn });
  }
  const keys = [...latest.keys()];
  const moves = keys.flatMap((key, k) => {
    const { target, day } = latest.get(key)!;
    const interval = target.kind === 'requirement' ? target.requirement : target.entry;
    const lastDone = target.kind === 'requirement' ? target.requirement.last_done_on : null;
    // A back-dated row older than the last completion moves nothing.
    const libraryId = target.kind === 'requirement' ? target.requirement.library_id : target.entry.id;
    return lastDone !== null && lastDone >= day ? [] : [{ k, day, library_id: libraryId, interval_months: interval.interval_months, interval_days: interval.interval_days }];
  });
  const due = await q.addIntervals(db, moves);
  const dueAfter = new Map(keys.map((key, k) => [key, due.get(k) ?? null]));

  return resolved.map((r): HistoryPreviewRow => {
    const t = r.target;
    const requirement = t?.kind === 'requirement' ? t.requirement : null;
    const nextDueBefore = requirement?.next_due_date ?? null;
    return {
      line: r.line,
      status: !t ? 'unmatched' : isDuplicate(r) ? 'duplicate' : 'matched',
      problem: t ? duplicateProblem(r) : r.problem,
      inspector: recordedName(r.row, as),
      note: t ? recorderNote(r.row, as) : null,
      propertyId: r.propertyId,
      propertyName: r.propertyName,
      itemType: r.itemType,
      requirementId: requirement?.id ?? null,
      activity: requirement?.activity ?? (t?.kind === 'library' ? t.entry.activity : null),
      activityStated: r.activityStated,
      performedOn: r.row.performedOn,
      result: r.row.result,
      lastDoneBefore: requirement?.last_done_on ?? null,
      nextDueBefore,
      nextDueAfter: t ? (dueAfter.get(targetKey(t)) ?? nextDueBefore) : null,
    };
  });
}

export async function previewHistory(deps: InspectionHistoryDeps, account: Account, rows: HistoryRow[]): Promise<HistoryPreview> {
  assertNotFuture(rows, today(account));
  const as = await recorderOf(deps.db, account);
  const preview = await previewRows(deps.db, await matchRows(deps.db, account, rows), as);
  const counted = (status: HistoryPreviewRow['status']) => preview.filter((r) => r.status === status).length;
  return { rows: preview, matchedCount: counted('matched'), unmatchedCount: counted('unmatched'), duplicateCount: counted('duplicate') };
}

/**
 * All rows or none, in one transaction: rows naming a safety item the property does not have
 * add it (the library's requirements, last done not known); each row becomes a completed
 * inspection, except rows already recorded, which are skipped (so a file imported twice adds
 * nothing); a correction first deletes the inspection it replaces; every touched requirement,
 * item and property is settled once; and each requirement whose latest completion came from the
 * file gets its next inspection, as recurrence would, within the plan's open inspections.
 */
export async function importHistory(deps: InspectionHistoryDeps, account: Account, input: { rows: HistoryRow[] }): Promise<HistoryImportResult> {
  const day = today(account);
  assertNotFuture(input.rows, day);
  return writeAccountData(deps.pool, account.id, async ({ db }) => {
    // Taken first, as a completion does, so this and a scheduling never wait on each other in opposite orders.
    await lockAccountForLimits(db, account.id);
    const as = await recorderOf(db, account);
    const resolved = await matchRows(db, account, input.rows);
    const unmatched = resolved.filter((r) => !r.target);
    if (unmatched.length) throw new UnmatchedRowsError(await previewRows(db, unmatched, as));

    // Corrections: the replaced inspections go first, and the requirement settles from what remains.
    const replaced = resolved.filter((r) => r.row.replacesInspectionId !== undefined);
    const dueBefore = replaced.map((r) => {
      const { requirement } = r.target as { requirement: q.RequirementCandidate };
      return { requirementId: requirement.id, nextDueDate: requirement.next_due_date };
    });
    await q.deleteReplaced(db, account.id, replaced.map((r) => r.row.replacesInspectionId!));

    const newItems = new Map<string, { propertyId: number; itemType: InspectionType }>();
    for (const r of resolved) {
      if (r.target!.kind === 'library' && !isDuplicate(r)) newItems.set(`${r.propertyId}|${r.itemType}`, { propertyId: r.propertyId!, itemType: r.itemType! });
    }
    const added = new Map<string, number>();
    if (newItems.size) {
      await q.addSafetyItems(db, account.id, [...newItems.values()], day, (await accountContact(db, account.userId)).name);
      for (const requirement of await q.requirementsOfItems(db, account.id, [...newItems.values()])) {
        if (requirement.library_id !== null) added.set(`${requirement.property_id}|${requirement.library_id}`, requirement.id);
      }
    }
    const requirementOf = (t: Target) => (t.kind === 'requirement' ? t.requirement.id : added.get(`${t.propertyId}|${t.entry.id}`)!);

    const toInsert = resolved.filter((r) => !isDuplicate(r));
    const inserted = await q.insertCompletions(
      db,
      account.id,
      toInsert.map((r) => ({
        property_id: r.propertyId!,
        item_type: r.itemType!,
        requirement_id: requirementOf(r.target!),
        performed_on: r.row.performedOn,
        result: r.row.result,
        assigned_to: recordedName(r.row, as) ?? q.NO_INSPECTOR,
        inspector_id: as.inspectorId,
        notes: r.row.notes ?? null,
        activity_stated: r.activityStated,
      })),
    );
    const inspectionOf = new Map(toInsert.map((r, i) => [r.line, inserted[i]!]));

    const touched = [...new Set(resolved.map((r) => requirementOf(r.target!)))];
    // A past 12-year hydrostatic test restarts the 6-year maintenance too (restarts.queries.ts).
    const settled = await settleWithRestarts(db, touched, day);
    await q.moveScheduledNext(db, dueBefore);
    const items = [...new Map(resolved.map((r) => [`${r.propertyId}|${r.itemType}`, { propertyId: r.propertyId!, itemType: r.itemType! }])).values()];
    await syncItems(db, items);
    await syncProperties(db, [...new Set(items.map((i) => i.propertyId))]);

    // Recurrence, once per requirement: only where the file holds its latest completion.
    const fromFile = new Set(inserted);
    const latest = settled.filter((s) => s.latestInspectionId !== null && fromFile.has(s.latestInspectionId));
    const room = await openInspectionRoom(db, account.id);
    await q.scheduleNext(db, account.id, latest.map((s) => ({ requirementId: s.id, inspectionId: s.latestInspectionId! })), room);

    const rows = resolved.map(
      (r): HistoryImportRow => ({
        line: r.line,
        requirementId: requirementOf(r.target!),
        // A skipped row answers the completion it repeats, so the grid can still correct it.
        inspectionId: r.recorded ?? (r.earlierRow !== null ? inspectionOf.get(r.earlierRow + 1)! : inspectionOf.get(r.line)!),
        skipped: isDuplicate(r),
      }),
    );
    return { imported: inserted.length, skipped: resolved.length - inserted.length, requirements: await q.requirementStates(db, touched), rows };
  });
}

/** The grid's rows, remembered per account and query until the account's data changes. */
export function lastDoneList(deps: InspectionHistoryDeps, account: Account, filter: q.LastDoneFilter) {
  return rememberedPage(deps.db, account, `last-done|${JSON.stringify(filter)}`, () => q.listLastDone(deps.db, account, filter));
}
