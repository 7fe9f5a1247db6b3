import type { DbOrTx } from '../db/client';
import { deviceRequirements, devices } from '../db/schema/devices';

type DeviceValues = typeof devices.$inferInsert;

/**
 * A device row as it is, without the devices service's bookkeeping (its requirement rows are
 * added by `deviceRequirementRow`): for tests of what reads devices (labels, tag pages).
 */
export async function deviceRow(db: DbOrTx, values: Pick<DeviceValues, 'organizationId' | 'propertyId' | 'tag'> & Partial<DeviceValues>) {
  const [row] = await db
    .insert(devices)
    .values({ itemType: 'fire_extinguisher', ...values })
    .returning();
  return row!;
}

export async function deviceRequirementRow(
  db: DbOrTx,
  device: { id: number; organizationId: number; propertyId: number },
  values: { requirementId: number; lastDoneOn?: string | null; nextDueDate?: string | null; countsFrom?: string },
) {
  const [row] = await db
    .insert(deviceRequirements)
    .values({ organizationId: device.organizationId, propertyId: device.propertyId, deviceId: device.id, lastResult: values.lastDoneOn ? 'compliant' : null, ...values })
    .returning();
  return row!;
}
