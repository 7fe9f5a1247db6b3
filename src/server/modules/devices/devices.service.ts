import type pg from 'pg';
import { SUBTYPE_QUESTION } from '@shared/devices';
import { INSPECTION_TYPE_LABELS, type InspectionType } from '@shared/enums';
import { questionsOf } from '@shared/item-conditions';
import type { CreateDeviceValues, DeviceResponse, updateDeviceSchema } from '@shared/schemas/device';
import type { z } from 'zod';
import type { Account } from '../../account';
import { canReachProperty } from '../../access';
import { writeAccountData } from '../../cache/account-cache';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound, validationFailed } from '../../errors';
import { createLibraryRequirements, hasRequirements } from '../compliance/compliance.queries';
import { settle } from '../compliance/compliance.service';
import { assertPropertyExists } from '../properties/properties.service';
import { insertChanges } from '../requirements/requirements.queries';
import { answersOfProperty } from '../requirements/safety-item-answers.queries';
import { checkedAnswers, reconcileAnswersBy } from '../requirements/safety-item-answers.service';
import { widenedItemAnswers, type DeviceKind } from './device-answers';
import { nameOf, today } from './account-facts';
import { isTagClash, makeTags, retryOnTagClash, tagsInUse } from './made-tags';
import * as q from './devices.queries';

export interface DevicesDeps {
  db: Db;
  pool: pg.Pool;
}

export const TAG_IN_USE = 'This tag is already in use. Leave it empty to have one made.';
export const HAS_HISTORY = 'This device has inspection history. Mark it removed instead, so its record is kept.';

export const deviceNotFound = () => notFound('Device not found');

/** The subtype, if its type has a subtype question, must be one of that question's options. */
function subtypeError(itemType: InspectionType, subtype: string | null | undefined): string | null {
  const question = SUBTYPE_QUESTION[itemType];
  if (!subtype || !question) return null;
  const options = questionsOf(itemType).find((q) => q.key === question)?.options ?? [];
  return options.some((o) => o.value === subtype) ? null : `Choose one of: ${options.map((o) => o.label).join('; ')}`;
}

/** 400 with each field that is wrong, `prefix` naming the row when several are added at once. */
function checkValues(values: readonly CreateDeviceValues[], prefix: (i: number) => string): CreateDeviceValues[] {
  const errors: Record<string, string[]> = {};
  const checked = values.map((v, i) => {
    const wrong = subtypeError(v.itemType, v.subtype);
    if (wrong) errors[`${prefix(i)}subtype`] = [wrong];
    try {
      return v.answers ? { ...v, answers: checkedAnswers(v.itemType, v.answers, `${prefix(i)}answers`) } : v;
    } catch (error) {
      Object.assign(errors, (error as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {});
      return v;
    }
  });
  const seen = new Map<string, number>();
  values.forEach((v, i) => {
    if (!v.tag) return;
    if (seen.has(v.tag)) errors[`${prefix(i)}tag`] = ['This tag is given twice'];
    seen.set(v.tag, i);
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return checked;
}

/**
 * Adds devices to a property inside the caller's transaction (one device, several at once, or
 * an import): each gets its typed tag or a made one, a walking order after the property's
 * devices, and its own clocks; a safety item the property lacks is added first, as "Add safety
 * item" adds it (createLibraryRequirements), so the property keeps one schedule. Compliance is
 * settled. A typed tag in use anywhere is a 400 on its field. Returns the ids in the order given.
 * `changedBy` (the person's name) is kept with the requirements a new safety item brings.
 * `alike`: copies of one form (several added at once), whose field errors are answered once,
 * under the form's names.
 */
export async function createDevices(
  db: DbOrTx,
  input: { organizationId: number; propertyId: number; today: string; changedBy?: string; alike?: boolean },
  values: readonly CreateDeviceValues[],
): Promise<number[]> {
  if (values.length === 0) return [];
  await q.lockPropertyDevices(db, input.organizationId, input.propertyId);
  const prefix = values.length === 1 || input.alike ? () => '' : (i: number) => `${i}.`;
  const checked = checkValues(values, prefix);
  const typed = checked.map((v) => v.tag).filter((t): t is string => !!t);
  const inUse = await tagsInUse(db, typed);
  if (inUse.size > 0) {
    throw validationFailed(Object.fromEntries(checked.flatMap((v, i) => (v.tag && inUse.has(v.tag) ? [[`${prefix(i)}tag`, [TAG_IN_USE]]] : []))));
  }
  const made = await makeTags(db, checked.filter((v) => !v.tag).length, new Set(typed));
  const withTags = checked.map((v) => ({ ...v, tag: v.tag ?? made.shift()! }));
  const itemTypes = [...new Set(checked.map((v) => v.itemType))];
  for (const itemType of itemTypes) {
    if (await hasRequirements(db, input.propertyId, itemType)) continue;
    const ids = await createLibraryRequirements(db, { organizationId: input.organizationId, propertyId: input.propertyId, itemType, today: input.today });
    if (input.changedBy) {
      const detail = `Added with ${INSPECTION_TYPE_LABELS[itemType]} when its first device was added`;
      await insertChanges(
        db,
        ids.map((requirementId) => ({ organizationId: input.organizationId, propertyId: input.propertyId, requirementId, kind: 'item_added' as const, detail, reason: null, changedBy: input.changedBy! })),
        new Date(),
      );
    }
  }
  for (const itemType of itemTypes) {
    await widenAnswers(db, { organizationId: input.organizationId, propertyId: input.propertyId, itemType, today: input.today, changedBy: input.changedBy }, checked.filter((v) => v.itemType === itemType), 'added');
  }
  const ids = await q.insertDevices(db, input, withTags);
  // settle keeps the devices' clocks in step (syncDeviceRequirements) before rolling the items up.
  await settle(db, { propertyId: input.propertyId, itemTypes, today: input.today });
  return ids;
}

/**
 * Adds the devices' kinds to their item's answers (widenedItemAnswers), through the same path as
 * the answers dialog (reconcileAnswersBy: the rows that apply again come back on, with a change
 * recorded), so a unit of a kind the answers left out gets the clocks of its kind. Answers are
 * never narrowed here: a unit removed or deleted leaves them as they are.
 */
async function widenAnswers(
  db: DbOrTx,
  input: { organizationId: number; propertyId: number; itemType: InspectionType; today: string; changedBy?: string },
  devices: readonly DeviceKind[],
  verb: 'added' | 'changed',
): Promise<void> {
  const current = (await answersOfProperty(db, input.propertyId)).get(input.itemType) ?? {};
  const answers = widenedItemAnswers(input.itemType, current, devices);
  if (!answers) return;
  await reconcileAnswersBy(
    db,
    { organizationId: input.organizationId, changedBy: () => input.changedBy ?? 'Firemark' },
    { propertyId: input.propertyId, itemType: input.itemType, answers, today: input.today, why: `a device of this kind was ${verb}` },
  );
}

/** The devices a list of ids names, as answered (in walking order). */
export function devicesByIds(db: DbOrTx, account: Account, ids: readonly number[], day = today(account)): Promise<DeviceResponse[]> {
  return q.selectDevices(db, q.idsWhere(account, ids), day);
}

export async function listPropertyDevices(
  deps: DevicesDeps,
  account: Account,
  propertyId: number,
  query: Parameters<typeof q.listDevices>[3],
): Promise<DeviceResponse[]> {
  await assertPropertyExists(deps, account, propertyId);
  return q.listDevices(deps.db, account, propertyId, query, today(account));
}

export async function getDevice(deps: DevicesDeps, account: Account, id: number): Promise<DeviceResponse> {
  const device = await q.findDevice(deps.db, account, id, today(account));
  if (!device) throw deviceNotFound();
  return device;
}

export async function getDeviceByTag(deps: DevicesDeps, account: Account, tag: string): Promise<DeviceResponse> {
  const device = await q.findDeviceByTag(deps.db, account, tag, today(account));
  if (!device) throw deviceNotFound();
  return device;
}

/**
 * A typed tag that another write took between the check and this one's insert or update (the
 * unique index refuses it): answered as a tag in use, on its field, as when it was taken before.
 */
async function typedTagTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isTagClash(error)) throw validationFailed({ tag: [TAG_IN_USE] });
    throw error;
  }
}

export async function createDevice(deps: DevicesDeps, account: Account, propertyId: number, body: CreateDeviceValues): Promise<DeviceResponse> {
  await assertPropertyExists(deps, account, propertyId);
  const day = today(account);
  const write = () =>
    writeAccountData(deps.pool, account.id, async ({ db }) => {
      const [id] = await createDevices(db, { organizationId: account.id, propertyId, today: day, changedBy: await nameOf(db, account) }, [body]);
      return (await q.findDevice(db, account, id!, day))!;
    });
  // A made tag taken meanwhile is made again; a typed one is the caller's to change.
  return body.tag ? typedTagTaken(write) : retryOnTagClash(write);
}

/** A device of the caller's organisation on a property they reach, locked; else 404. */
async function lockReachable(db: DbOrTx, account: Account, id: number) {
  const propertyId = await q.propertyOfDevice(db, account.id, id);
  if (propertyId === undefined || !canReachProperty(account, propertyId)) throw deviceNotFound();
  await q.lockPropertyDevices(db, account.id, propertyId);
  const row = await q.lockDevice(db, account.id, id);
  if (!row || !canReachProperty(account, row.property_id)) throw deviceNotFound();
  return row;
}

type DeviceUpdate = z.output<typeof updateDeviceSchema>;

/**
 * Edits a device. A status change carries its reason; "replaced" names the device that took its
 * place: another one in service of the same property and item (so two units cannot stand in for
 * each other, nor a unit taken away for one); back in service clears both. Its clocks and item are settled
 * again, so out of service makes the item non-compliant at once and back in service undoes it.
 */
export async function updateDevice(deps: DevicesDeps, account: Account, id: number, body: DeviceUpdate): Promise<DeviceResponse> {
  const day = today(account);
  return typedTagTaken(() => writeAccountData(deps.pool, account.id, async ({ db }) => {
    const row = await lockReachable(db, account, id);
    const errors: Record<string, string[]> = {};
    const wrongSubtype = subtypeError(row.item_type, body.subtype);
    if (wrongSubtype) errors.subtype = [wrongSubtype];
    let answers = body.answers;
    if (answers !== undefined) {
      try {
        answers = checkedAnswers(row.item_type, answers);
      } catch (error) {
        Object.assign(errors, (error as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {});
      }
    }
    if (body.tag && body.tag !== row.tag && (await tagsInUse(db, [body.tag])).size > 0) errors.tag = [TAG_IN_USE];
    if (body.status === 'replaced' && body.replacedById) {
      const same = body.replacedById !== id && (await q.sameItemDevice(db, { organizationId: account.id, propertyId: row.property_id, itemType: row.item_type, id: body.replacedById }));
      if (!same) errors.replacedById = ['Choose another device in service of the same safety item at this property'];
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    const status = body.status;
    await q.updateDeviceRow(db, id, {
      subtype: body.subtype,
      answers,
      rating: body.rating,
      building: body.location?.building,
      floor: body.location?.floor,
      room: body.location?.room,
      location_description: body.location?.description,
      // Null leaves the tag as it is: a device always has one.
      tag: body.tag ?? undefined,
      serial_number: body.serialNumber,
      manufacturer: body.manufacturer,
      model: body.model,
      manufactured_on: body.manufacturedOn === undefined ? undefined : body.manufacturedOn === null ? null : `${body.manufacturedOn}-01`,
      installed_on: body.installedOn,
      notes: body.notes,
      status,
      status_reason: status === undefined ? body.statusReason : status === 'in_service' ? null : (body.statusReason ?? null),
      replaced_by_id: status === undefined ? undefined : status === 'replaced' ? body.replacedById : null,
    });
    if (body.subtype !== undefined || answers !== undefined) {
      const kind = { subtype: body.subtype === undefined ? row.subtype : body.subtype, answers: answers === undefined ? row.answers : answers };
      const who = { organizationId: account.id, propertyId: row.property_id, itemType: row.item_type, today: day, changedBy: await nameOf(db, account) };
      await widenAnswers(db, who, [kind], 'changed');
    }
    await settle(db, { propertyId: row.property_id, itemTypes: [row.item_type], today: day });
    return (await q.findDevice(db, account, id, day))!;
  }));
}

/** Deletes a device entered by mistake; one with inspection history is kept (409): mark it removed. */
export async function deleteDevice(deps: DevicesDeps, account: Account, id: number): Promise<void> {
  const day = today(account);
  await writeAccountData(deps.pool, account.id, async ({ db }) => {
    const row = await lockReachable(db, account, id);
    if (await q.hasInspectionHistory(db, id)) throw conflict(HAS_HISTORY);
    await q.deleteDeviceRow(db, id);
    await settle(db, { propertyId: row.property_id, itemTypes: [row.item_type], today: day });
  });
}
