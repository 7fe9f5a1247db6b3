import { z } from 'zod';
import { LIMITABLE_ROLES, ROLES, type Role } from '../permissions';
import { recordIdField, timestampField } from './response-fields';

/** At most this many properties named one by one; more is "all properties". */
export const MAX_GIVEN_PROPERTIES = 1000;

export const memberRoleField = z.enum(ROLES, { error: 'Choose a role: owner, admin, manager, inspector or viewer' });

/** The properties a member is given: null for every property, else a list (deduplicated, sorted). */
export const propertyIdsField = z
  .array(z.number({ error: 'Choose properties from the list' }).int('Choose properties from the list').min(1, 'Choose properties from the list'), {
    error: 'Choose All properties or a list of properties',
  })
  .max(MAX_GIVEN_PROPERTIES, `Choose at most ${MAX_GIVEN_PROPERTIES} properties, or All properties`)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
  .nullable();

const isLimitable = (role: Role) => LIMITABLE_ROLES.includes(role);

/**
 * A role and what it reaches, as an invitation and a member's change both give them: owners and
 * admins always reach every property; the other roles reach all, or at least one given property.
 */
export function accessRules<T extends { role: Role; propertyIds: number[] | null }>(value: T, ctx: z.RefinementCtx): void {
  if (!isLimitable(value.role) && value.propertyIds !== null) {
    ctx.addIssue({ code: 'custom', path: ['propertyIds'], message: 'Owners and admins always have all properties' });
  }
  if (isLimitable(value.role) && value.propertyIds !== null && value.propertyIds.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['propertyIds'], message: 'Choose at least one property, or All properties' });
  }
}

/** PUT /api/organizations/current/members/{id}. */
export const memberUpdateSchema = z
  .object({
    role: memberRoleField,
    propertyIds: propertyIdsField.default(null),
  })
  .superRefine(accessRules);
export type MemberUpdateInput = z.input<typeof memberUpdateSchema>;
export type MemberUpdateValues = z.output<typeof memberUpdateSchema>;

export const memberResponse = z.object({
  id: recordIdField.describe("The membership's id (the {id} of PUT and DELETE)"),
  userId: recordIdField,
  fullName: z.string().nullable(),
  email: z.string(),
  role: memberRoleField,
  propertyIds: z.array(recordIdField).nullable().describe('The properties given; null for every property'),
  you: z.boolean().describe('True for the caller'),
  joinedAt: timestampField,
});
export type Member = z.infer<typeof memberResponse>;
