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

export const forbidden = (action: Action) => new AppError(ERROR_CODES.forbidden, forbiddenMessage(action));

/** 403 with who can, unless the caller's role has the action (and all properties, where it needs them). */
export function assertCan(account: Account, action: Action): void {
  if (!can(account.role, action)) throw forbidden(action);
  if (NEEDS_ALL_PROPERTIES.includes(action) && account.propertyIds !== null) throw forbidden(action);
}

export function allows(account: Account, action: Action): boolean {
  return can(account.role, action) && (!NEEDS_ALL_PROPERTIES.includes(action) || account.propertyIds === null);
}

export function canReachProperty(account: Account, propertyId: number): boolean {
  return account.propertyIds === null || account.propertyIds.includes(propertyId);
}

/**
 * `<column> = any(given)` for a limited member, `true` for one with every property: added to
 * a query already scoped to the organisation. `column` is the property id column, e.g.
 * sql`p.id` or sql`i.property_id`.
 */
export function propertyScope(account: Account, column: SQL): SQL {
  if (account.propertyIds === null) return sql`true`;
  return sql`${column} = any(${`{${account.propertyIds.join(',')}}`}::int[])`;
}

/**
 * An inspector sees the inspections assigned to them alone; everyone else every inspection of
 * the properties they reach. `column` is the inspection's inspector id column.
 */
export function inspectionScope(account: Account, column: SQL): SQL {
  if (account.role !== 'inspector') return sql`true`;
  if (account.inspectorId === null) return sql`false`;
  return sql`${column} = ${account.inspectorId}`;
}
