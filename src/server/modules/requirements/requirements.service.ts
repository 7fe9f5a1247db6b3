import type pg from 'pg';
import { rememberedPage, writeAccountData } from '../../cache/account-cache';
import type { CodeSet } from '@shared/code-sets';
import { formatDisplayDate, todayInTimeZone } from '@shared/dates';
import { INSPECTION_TYPE_LABELS } from '@shared/enums';
import type { addSafetyItemSchema, customRequirementSchema, Requirement, requirementUpdateSchema } from '@shared/schemas/requirement';
import { intervalLabel, toInterval } from '@shared/intervals';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound, validationFailed } from '../../errors';
import { hasRequirements } from '../compliance/compliance.queries';
import { addLibraryItem, lastDoneByLibraryEntry } from './add-library-item';
import { settle } from '../compliance/compliance.service';
import type { Account } from '../../account';
import { assertPropertyExists } from '../properties/properties.service';
import { accountContact } from '../auth/account-contact';
import * as q from './requirements.queries';
import { saveAnswers } from './safety-item-answers.queries';
import { lockAccountForLimits } from '../subscription/subscription.service';
import { checkedAnswers } from './safety-item-answers.service';

export interface RequirementsDeps {
  db: Db;
  pool: pg.Pool;
}


const today = (account: Account) => todayInTimeZone(account.timeZone, new Date());
/** Who made a change, as it is kept with the change: the account's name at that moment. */
const nameOf = async (db: DbOrTx, account: Account) => (await accountContact(db, account.userId)).name;
const requirementNotFound = () => notFound('Requirement not found');

export const library = (deps: RequirementsDeps, codeSet: CodeSet = 'us-nfpa') => q.listLibrary(deps.db, codeSet);

export async function propertyRequirements(deps: RequirementsDeps, account: Account, propertyId: number): Promise<Requirement[]> {
  await assertPropertyExists(deps, account, propertyId);
  return q.listRequirements(deps.db, account, q.forProperty(propertyId), today(account));
}

async function oneRequirement(deps: RequirementsDeps, account: Account, id: number): Promise<Requirement> {
  const [requirement] = await q.listRequirements(deps.db, account, q.byId(id), today(account));
  if (!requirement) throw requirementNotFound();
  return requirement;
}

/** "Add safety item": the library's requirements of a type the property does not have yet. */
export async function addSafetyItem(
  deps: RequirementsDeps,
  account: Account,
  propertyId: number,
  input: z.output<typeof addSafetyItemSchema>,
): Promise<Requirement[]> {
  await assertPropertyExists(deps, account, propertyId);
  const day = today(account);
  const label = INSPECTION_TYPE_LABELS[input.itemType];
  // Dates by library entry are checked against the rows that applied so far; a row the new answers leave out is not added.
  const lastDone = input.lastDoneOn === undefined ? undefined : await lastDoneByLibraryEntry(deps.db, { ...input, propertyId }, day);
  const alreadyThere = () => conflict(`This property already has ${label}.`, { itemType: [`This property already has ${label}.`] });
  // The answer is read inside the transaction: an addition that committed never answers 503.
  const answers = input.answers === undefined ? undefined : checkedAnswers(input.itemType, input.answers);
  return writeAccountData(deps.pool, account.id, async ({ db }) => {
    // The account lock first, as taps and device writes take it: settling counts the item's device clocks (lockPropertyDevices).
    await lockAccountForLimits(db, account.id);
    if (await hasRequirements(db, propertyId, input.itemType)) throw alreadyThere();
    // The answers first: they choose which of the library's rows the item gets.
    if (answers !== undefined) await saveAnswers(db, { organizationId: account.id, propertyId, itemType: input.itemType, answers });
    const ids = await addLibraryItem(db, account, { propertyId, itemType: input.itemType, anchor: input.nextDueDate, today: day, lastDone });
    if (ids.length === 0) throw alreadyThere();
    await settle(db, { propertyId, itemTypes: [input.itemType], today: day });
    return propertyRequirements({ ...deps, db }, account, propertyId);
  });
}

/** A requirement of the account's own, on a safety item the property has. */
export async function addCustomRequirement(
  deps: RequirementsDeps,
  account: Account,
  propertyId: number,
  input: z.output<typeof customRequirementSchema>,
): Promise<Requirement> {
  await assertPropertyExists(deps, account, propertyId);
  const day = today(account);
  const interval = toInterval(input.intervalCount, input.intervalUnit);
  // The answer is read inside the transaction: an addition that committed never answers 503.
  return writeAccountData(deps.pool, account.id, async ({ db }) => {
    await lockAccountForLimits(db, account.id);
    if (!(await hasRequirements(db, propertyId, input.itemType))) {
      const label = INSPECTION_TYPE_LABELS[input.itemType];
      throw validationFailed({ itemType: [`This property has no ${label} yet. Add it as a safety item first.`] });
    }
    if (await q.activityExists(db, propertyId, input.itemType, input.activity)) {
      throw validationFailed({ activity: ['This safety item already has an activity with that name'] });
    }
    const requirementId = await q.insertCustomRequirement(db, {
      organizationId: account.id,
      propertyId,
      itemType: input.itemType,
      activity: input.activity,
      ...interval,
      source: input.source,
      nextDueDate: input.nextDueDate,
    });
    await q.insertChanges(db, [
      { organizationId: account.id, propertyId, requirementId, kind: 'custom_added', detail: `Added: ${intervalLabel(interval)}`, reason: input.reason, changedBy: await nameOf(db, account) },
    ], new Date());
    await settle(db, { propertyId, itemTypes: [input.itemType], today: day });
    return oneRequirement({ ...deps, db }, account, requirementId);
  });
}

/**
 * Switching a requirement off or on, changing its interval and its automatic scheduling,
 * each kept as a change with who, when and why; the item and the property follow at once.
 */
export async function updateRequirement(
  deps: RequirementsDeps,
  account: Account,
  id: number,
  input: z.output<typeof requirementUpdateSchema>,
): Promise<Requirement> {
  const day = today(account);
  await writeAccountData(deps.pool, account.id, async ({ db }) => {
    // The account lock before the requirement's row, as taps and device writes take it (lockPropertyDevices).
    await lockAccountForLimits(db, account.id);
    const row = await q.lockRequirement(db, account, id);
    if (!row) throw requirementNotFound();
    const changedBy = await nameOf(db, account);
    const change = (kind: q.ChangeKind, detail: string) => ({
      organizationId: account.id,
      propertyId: row.property_id,
      requirementId: id,
      kind,
      detail,
      reason: input.reason,
      changedBy,
    });
    const changes: ReturnType<typeof change>[] = [];
    const values: Parameters<typeof q.updateRequirement>[2] = {};
    let intervalChange: string | null = null;
    if (input.active === true && !row.applies) {
      const label = INSPECTION_TYPE_LABELS[row.item_type];
      throw validationFailed({ active: [`Does not apply to this property: change the answers about its ${label} instead`] });
    }
    if (input.active !== undefined && input.active !== row.active) {
      if (!input.active && (await q.countActive(db, row.property_id, row.item_type, id)) === 0) {
        const label = INSPECTION_TYPE_LABELS[row.item_type];
        throw conflict(`${label} needs at least one active requirement. Switch another one on first.`);
      }
      values.active = input.active;
      changes.push(change(input.active ? 'switched_on' : 'switched_off', input.active ? 'Switched on' : 'Switched off'));
    }
    if (input.intervalCount !== undefined && input.intervalUnit !== undefined) {
      const interval = toInterval(input.intervalCount, input.intervalUnit);
      const before = { intervalMonths: row.interval_months, intervalDays: row.interval_days };
      if (interval.intervalMonths !== before.intervalMonths || interval.intervalDays !== before.intervalDays) {
        Object.assign(values, interval);
        intervalChange = `${intervalLabel(before)}, now ${intervalLabel(interval).toLowerCase()}`;
        changes.push(change('interval_changed', intervalChange));
      }
    }
    if (input.countsFromDate !== undefined) {
      const from = await q.countsFromOf(db, id);
      if (from === 'last_done') throw validationFailed({ countsFromDate: ['This requirement counts from when it was last done: record an inspection instead'] });
      if (input.countsFromDate > day) throw validationFailed({ countsFromDate: [`The day it was ${from === 'installation' ? 'installed' : 'made'} cannot be in the future`] });
      values.countsFromDate = input.countsFromDate;
      changes.push(change('date_stated', `${from === 'installation' ? 'Installed' : 'Manufactured'} ${formatDisplayDate(input.countsFromDate)}`));
    }
    if (input.autoSchedule !== undefined && input.autoSchedule !== row.auto_schedule) {
      values.autoSchedule = input.autoSchedule;
      changes.push(
        change(input.autoSchedule ? 'auto_schedule_on' : 'auto_schedule_off', `Next inspection scheduled automatically: ${input.autoSchedule ? 'on' : 'off'}`),
      );
    }
    if (changes.length === 0) return;
    await q.updateRequirement(db, id, values);
    // The next due date follows the new interval at once, and so does an inspection that kept
    // the old schedule; the item, the property and their reminders follow in settle below.
    if (intervalChange !== null) await q.redateAfterIntervalChange(db, id, `Interval changed: ${intervalChange.toLowerCase()}`);
    await q.insertChanges(db, changes, new Date());
    await settle(db, { propertyId: row.property_id, requirementIds: [id], itemTypes: [row.item_type], today: day });
  });
  return oneRequirement(deps, account, id);
}

/**
 * A page of "due, not scheduled", serialised, with the total: remembered per account, day and
 * query until the account's data changes (cache/account-cache.ts), like the other lists. The
 * dashboard asks for it on every visit, and its total counts every such requirement.
 */
export function unscheduledRequirements(deps: RequirementsDeps, account: Account, filter: q.UnscheduledFilter) {
  const day = today(account);
  return rememberedPage(deps.db, account, `unscheduled|${day}|${JSON.stringify(filter)}`, () => q.listUnscheduled(deps.db, account, filter, day));
}
