import type pg from 'pg';
import type { Account } from '../../account';
import { canReachProperty } from '../../access';
import { rememberedPage, writeAccountData } from '../../cache/account-cache';
import { checkAddress } from '@shared/address';
import { todayInTimeZone } from '@shared/dates';
import type { Property, PropertyUpdate, PropertyValues } from '@shared/schemas/property';
import { propertyUpdateSchema } from '@shared/schemas/property';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound, validationFailed } from '../../errors';
import { assertCanAddProperties } from '../subscription/subscription.service';
import { beginUndoable, finishUndoable } from '../undo/undo.service';
import * as q from './properties.queries';

export interface PropertiesDeps {
  db: Db;
  pool: pg.Pool;
}

const today = (account: Account) => todayInTimeZone(account.timeZone, new Date());
const propertyNotFound = () => notFound('Property not found');

/**
 * A page of the list, serialised, with the total: remembered per account, day and query
 * until the account's data changes (cache/account-cache.ts).
 */
export function listProperties(deps: PropertiesDeps, account: Account, filter: q.PropertyFilter) {
  const day = today(account);
  return rememberedPage(deps.db, account, `properties|${day}|${JSON.stringify(filter)}`, () =>
    Promise.all([q.listPropertiesPage(deps.db, account, filter, day), q.countProperties(deps.db, account, filter, day)]),
  );
}

/** A property of the organisation the caller reaches; any other is "not found" (server/access.ts). */
export async function getProperty(deps: PropertiesDeps, account: Account, id: number): Promise<Property> {
  if (!canReachProperty(account, id)) throw propertyNotFound();
  const property = await q.findProperty(deps.db, account.id, id, today(account));
  if (!property) throw propertyNotFound();
  return property;
}

/**
 * The answer is read inside the create's transaction: a create that committed always answers
 * with its record, never with an outage that invites a retry (and a duplicate).
 */
export async function createProperty(deps: PropertiesDeps, account: Account, values: PropertyValues): Promise<Property> {
  return writeAccountData(deps.pool, account.id, async ({ db }) => {
    await assertCanAddProperties(db, account.id, 1);
    const [id] = await q.insertProperties(db, account.id, [values]);
    return getProperty({ ...deps, db }, account, id!);
  });
}

export async function updateProperty(
  deps: PropertiesDeps,
  account: Account,
  id: number,
  values: z.output<typeof propertyUpdateSchema>,
): Promise<Property> {
  // `status` is accepted for compatibility and ignored: it is derived from the items when read (DECISIONS).
  const { status: _ignored, ...fields } = values;
  if (fields.country !== undefined || fields.state !== undefined || fields.zip !== undefined) {
    // The state and postal code are checked against the country as they will be after the change.
    const current = await getProperty(deps, account, id);
    const country = fields.country ?? current.country;
    const checked = checkAddress(country, fields.state ?? current.state, fields.zip ?? current.zip);
    if (!checked.ok) throw validationFailed(Object.fromEntries(Object.entries(checked.fieldErrors).map(([field, message]) => [field, [message]])));
    if (fields.state !== undefined || fields.country !== undefined) fields.state = checked.state;
    if (fields.zip !== undefined || fields.country !== undefined) fields.zip = checked.zip;
  }
  // In a transaction, as every write to a property: its history event names who made it (docs/history.md).
  if (!canReachProperty(account, id)) throw propertyNotFound();
  await writeAccountData(deps.pool, account.id, async ({ db }) => {
    if (!(await q.updateProperty(db, account.id, id, fields))) throw propertyNotFound();
  });
  return getProperty(deps, account, id);
}

/** Inspections, compliance items and reports go with it (ON DELETE CASCADE); undo brings them all back. */
export async function deleteProperty(deps: PropertiesDeps, account: Account, id: number): Promise<{ undoToken: string }> {
  if (!canReachProperty(account, id)) throw propertyNotFound();
  return writeAccountData(deps.pool, account.id, async ({ db }) => {
    if (!(await q.propertyExists(db, account.id, id))) throw propertyNotFound();
    const point = await beginUndoable(db, { organizationId: account.id, propertyId: id, inspectionId: null, kind: 'delete_property' });
    if (!(await q.deleteProperty(db, account.id, id))) throw propertyNotFound();
    return { undoToken: await finishUndoable(db, point) };
  });
}

export async function assertPropertyExists(deps: PropertiesDeps, account: Account, id: number): Promise<void> {
  if (!canReachProperty(account, id) || !(await q.propertyExists(deps.db, account.id, id))) throw propertyNotFound();
}

export type { PropertyUpdate };
