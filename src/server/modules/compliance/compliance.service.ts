import type { InspectionType } from '@shared/enums';
import type { DbOrTx } from '../../db/client';
import { validationFailed } from '../../errors';
import * as q from './compliance.queries';
import { settleWithRestarts } from './restarts.queries';
import { syncDeviceRequirements, withDevices } from '../devices/device-requirements.queries';

/**
 * The one way compliance moves: after inspections or requirements of a property change, in
 * the same transaction, each touched requirement is recomputed from its inspections, each
 * touched item from its requirements, and the property from its items. With `prune`, an item
 * that only a removed or cancelled inspection brought in goes away.
 */
export async function settle(
  db: DbOrTx,
  input: { propertyId: number; requirementIds?: Iterable<number | null>; itemTypes: Iterable<InspectionType>; today: string; prune?: boolean },
): Promise<void> {
  const ids = [...new Set(input.requirementIds ?? [])].filter((id): id is number => id !== null);
  // A completion can restart another activity's clock too (the 12-year hydrostatic test, the 6-year maintenance).
  await settleWithRestarts(db, ids, input.today);
  const types = [...new Set(input.itemTypes)];
  // Devices' clocks follow their requirements (answers, code set, dates): one probe when the property has none.
  for (const type of await withDevices(db, input.propertyId, types)) await syncDeviceRequirements(db, input.propertyId, type);
  for (const type of types) {
    if (input.prune && (await q.removeUntouchedItem(db, input.propertyId, type))) continue;
    await q.syncItem(db, input.propertyId, type);
  }
  await q.syncProperty(db, input.propertyId);
}

/**
 * The requirement an inspection of `itemType` at a property is for (DECISIONS "Requirements
 * and recurrence"). A property scheduling a type for the first time gets that safety item:
 * the library's requirements, first due with this inspection.
 */
export async function requirementForInspection(
  db: DbOrTx,
  input: { organizationId: number; propertyId: number; itemType: InspectionType; dueDate: string; today: string; requirementId?: number; libraryId?: number },
): Promise<q.RequirementRow | undefined> {
  await q.createLibraryRequirements(db, { ...input, anchor: input.dueDate });
  const field = input.requirementId !== undefined ? 'requirementId' : 'libraryId';
  const requirement = await q.findRequirementFor(db, input);
  if (!requirement) {
    if (input.requirementId !== undefined || input.libraryId !== undefined) {
      throw validationFailed({ [field]: ['Choose an activity of this inspection type'] });
    }
    return undefined;
  }
  if (!requirement.active && (input.requirementId !== undefined || input.libraryId !== undefined)) {
    throw validationFailed({ [field]: ['This activity is switched off for this property. Switch it on first.'] });
  }
  return requirement;
}
