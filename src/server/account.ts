import type { Plan } from '@shared/plans';
import type { Role } from '@shared/permissions';

/**
 * The caller, as every service sees it: a member of the organisation in use, set by the auth
 * plugin from the session (which keeps the organisation chosen), or by plugins/api-tokens.ts
 * from an API token (which acts as the member who made it, narrowed to reading for a read-only
 * token). Passed as `(deps, account, input)`.
 *
 * `id` is the organisation's: every owned record carries it as `organization_id`, so a query
 * scoped by `account.id` can never reach another organisation. What a member may do is
 * `role` (shared/permissions.ts, checked by server/access.ts); what they may reach is
 * `propertyIds` and, for an inspector, `inspectorId`.
 */
export interface Account {
  /** The organisation in use. */
  id: number;
  /** The person: whose name goes on an attestation, whose settings pick their mail. */
  userId: number;
  role: Role;
  /** The properties a limited member is given (sorted); null for every property of the organisation. */
  propertyIds: readonly number[] | null;
  /** The organisation's inspectors row this member is, if any: an inspector sees their own inspections. */
  inspectorId: number | null;
  /** IANA zone of the organisation; "today" and every due date are in it. */
  timeZone: string;
  /**
   * The plan in force at the request (a lapsed Pro reads as free; BILLING=off makes every
   * organisation Pro). For display and early answers only: limits are checked again in SQL,
   * inside the write, so two requests cannot both pass.
   */
  plan: Plan;
  /** Raised with every change to the organisation's data; keys its cached answers (cache/account-cache.ts). */
  dataVersion: number;
}

/** What the auth plugins read for a request: the organisation row and the caller's membership. */
export interface AccountSource {
  organizationId: number;
  userId: number;
  role: Role;
  propertyIds: number[] | null;
  inspectorId: number | null;
  timeZone: string;
  plan: Plan;
  proUntil: Date | null;
  dataVersion: number;
}

export function accountOf(row: AccountSource, now: Date, billingOff: boolean): Account {
  const pro = billingOff || (row.plan === 'pro' && (row.proUntil === null || row.proUntil > now));
  return {
    id: row.organizationId,
    userId: row.userId,
    role: row.role,
    propertyIds: row.propertyIds,
    inspectorId: row.inspectorId,
    timeZone: row.timeZone,
    plan: pro ? 'pro' : 'free',
    dataVersion: row.dataVersion,
  };
}
