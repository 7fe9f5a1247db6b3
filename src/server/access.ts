import { sql, type SQL } from 'drizzle-orm';
import { ERROR_CODES } from '@shared/api-error';
import { can, forbiddenMessage, NEEDS_ALL_PROPERTIES, type Action } from '@shared/permissions';
import type { Account } from './account';
import { AppError } from './errors';

/**
 * What a member may do and reach, in one place. Routes name their action (`schema.permission`,
 * checked by plugins/permissions.ts before the input is read); queries narrow what they read by
 * `propertyScope`; services that take a record by id check `canReachProperty` and answer a
 * record out of reach exactly as one that does not exist (404), so a member learns nothing of
 * the properties they were not given.
 */

/** What a query needs to know of the caller to read only what they reach. */
export type Reach = Pick<Account, 'id' | 'propertyIds' | 'role' | 'inspectorId'>;

export const forbidden = (action: Action) => new AppError(ERROR_CODES.forbidden, forbiddenMessage(action));

/** 403 with who can, unless the caller's role has the action (and all properties, where it needs them). */
export function assertCan(account: Account, action: Action): void {
  if (!can(account.role, action)) throw forbidden(action);
  if (NEEDS_ALL_PROPERTIES.includes(action) && account.propertyIds !== null) throw forbidden(action);
}

export function allows(account: Account, action: Action): boolean {
  return can(account.role, action) && (!NEEDS_ALL_PROPERTIES.includes(action) || account.propertyIds === null);
}

export function canReachProperty(account: Reach, propertyId: number): boolean {
  return account.propertyIds === null || account.propertyIds.includes(propertyId);
}

/**
 * `<column> = any(given)` for a limited member, `true` for one with every property: added to
 * a query already scoped to the organisation. `column` is the property id column, e.g.
 * sql`p.id` or sql`i.property_id`.
 */
export function propertyScope(account: Reach, column: SQL): SQL {
  if (account.propertyIds === null) return sql`true`;
  return sql`${column} = any(${`{${account.propertyIds.join(',')}}`}::int[])`;
}

/**
 * An inspector sees the inspections assigned to them alone; everyone else every inspection of
 * the properties they reach. `column` is the inspection's inspector id column.
 */
export function inspectionScope(account: Reach, column: SQL): SQL {
  if (account.role !== 'inspector') return sql`true`;
  if (account.inspectorId === null) return sql`false`;
  return sql`${column} = ${account.inspectorId}`;
}

/** An inspection the caller may see: on a property they reach and, for an inspector, assigned to them. */
export function canReachInspection(account: Reach, inspection: { propertyId: number; inspectorId: number | null }): boolean {
  if (!canReachProperty(account, inspection.propertyId)) return false;
  return account.role !== 'inspector' || (account.inspectorId !== null && inspection.inspectorId === account.inspectorId);
}

/** Every record of an organisation: for the system's own work (jobs, webhooks), never for a member. */
export function wholeOrganization(organizationId: number): Reach {
  return { id: organizationId, propertyIds: null, role: 'owner', inspectorId: null };
}
