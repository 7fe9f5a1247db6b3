import { z } from 'zod';
import { ROLES } from '../permissions';
import { timeZone } from './time-zone';

export const roleSchema = z.enum(ROLES, { error: 'Choose a role: owner, admin, manager, inspector or viewer' });

const organizationName = z
  .string({ error: 'Organisation name is required' })
  .trim()
  .min(2, 'Organisation name must be at least 2 characters')
  .max(100, 'Organisation name must be at most 100 characters');

export const organizationCreateSchema = z.object({ name: organizationName, timeZone: timeZone.optional() });
export type OrganizationCreateInput = z.infer<typeof organizationCreateSchema>;

export const organizationUpdateSchema = z.object({ name: organizationName, timeZone });
export type OrganizationUpdateInput = z.infer<typeof organizationUpdateSchema>;

export const CONFIRM_ORGANIZATION_NAME = "Type the organisation's name exactly to confirm";

/**
 * Deleting an organisation: its name, typed by the owner, so that the one in use is the one
 * they mean to delete (docs/decisions/033-deleting-an-organisation.md).
 */
export const organizationDeleteSchema = z.object({
  name: z.string({ error: CONFIRM_ORGANIZATION_NAME }).trim().min(1, CONFIRM_ORGANIZATION_NAME).max(200, CONFIRM_ORGANIZATION_NAME),
});
export type OrganizationDeleteInput = z.infer<typeof organizationDeleteSchema>;

/** Whether what was typed names the organisation: exactly, but for spaces around it (the server and the dialog's button agree). */
export const confirmsOrganizationName = (typed: string, name: string): boolean => typed.trim() === name.trim();

/** One of the caller's organisations, with their role in it. */
export const organizationSummaryResponse = z.object({
  id: z.number().int().min(1),
  name: z.string(),
  role: roleSchema,
  /** True for the organisation the session acts on. */
  current: z.boolean(),
});
export type OrganizationSummary = z.infer<typeof organizationSummaryResponse>;

/** The organisation in use and what the caller is in it (`GET /api/auth/me`, `GET /api/organizations/current`). */
export const currentOrganizationResponse = z.object({
  id: z.number().int().min(1),
  name: z.string(),
  timeZone: z.string(),
  role: roleSchema,
  /** The properties the caller is given; null for every property. */
  propertyIds: z.array(z.number().int()).nullable(),
  plan: z.enum(['free', 'pro']),
});
export type CurrentOrganization = z.infer<typeof currentOrganizationResponse>;
