import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { defaultCodeSet } from '@shared/code-sets';
import type { PropertyValues } from '@shared/schemas/property';
import type { InspectionStatus, InspectionType } from '@shared/enums';
import type { DbOrTx } from '../client';
import { inspections, properties } from '../schema/index';

/** A property row with plausible defaults (tests, demo data, benchmarks). */
export function propertyValues(overrides: Partial<PropertyValues> = {}): PropertyValues {
  const n = randomBytes(3).toString('hex');
  return {
    name: `Building ${n}`,
    propertyType: 'commercial',
    addressLine1: `${parseInt(n, 16) % 900 + 100} Main Street`,
    addressLine2: null,
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    country: 'us',
    managerEmail: `manager.${n}@example.com`,
    ...overrides,
  };
}

export async function createProperty(db: DbOrTx, organizationId: number, overrides: Partial<PropertyValues> & { createdAt?: Date } = {}) {
  const values = propertyValues(overrides);
  const [row] = await db
    .insert(properties)
    .values({ ...values, organizationId, codeSet: defaultCodeSet(values), ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}) })
    .returning();
  return row!;
}

/**
 * An inspection row as it is, without the compliance bookkeeping of the service. It counts for
 * its type's principal requirement when the property has that safety item.
 */
export async function createInspectionRow(
  db: DbOrTx,
  input: { organizationId: number; propertyId: number; dueDate: string; inspectionType?: InspectionType; status?: InspectionStatus; assignedTo?: string },
) {
  const inspectionType = input.inspectionType ?? 'fire_extinguisher';
  const [row] = await db
    .insert(inspections)
    .values({
      organizationId: input.organizationId,
      propertyId: input.propertyId,
      requirementId: sql`(select id from requirements where property_id = ${input.propertyId} and item_type = ${inspectionType} and principal)`,
      dueDate: input.dueDate,
      inspectionType,
      status: input.status ?? 'scheduled',
      assignedTo: input.assignedTo ?? 'Alex Inspector',
    })
    .returning();
  if (row!.requirementId !== null) {
    await db.execute(sql`
      update requirements r set has_open_inspection = exists (
        select 1 from inspections i where i.requirement_id = r.id and i.status in ('scheduled', 'in_progress'))
      where r.id = ${row!.requirementId}`);
  }
  return row!;
}
