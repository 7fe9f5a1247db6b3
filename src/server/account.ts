import type { Plan } from '@shared/plans';

/**
 * The caller, as every service sees it: set by the auth plugin from the session, or by
 * plugins/api-tokens.ts from a personal API token, and passed as `(deps, account, input)`.
 * What else a service needs of the account it reads by `id`: its address and name through
 * the auth module's `accountContact`, billing its customer columns through its own query.
 * The users row itself stays in the auth module.
 */
export interface Account {
  id: number;
  /** IANA zone; "today" and every due date are in it. */
  timeZone: string;
  /**
   * The plan in force at the request (a lapsed Pro reads as free; BILLING=off makes every
   * account Pro). For display and early answers only: limits are checked again in SQL,
   * inside the write, so two requests cannot both pass.
   */
  plan: Plan;
  /** Raised with every change to the account's data; keys its cached answers (cache/account-cache.ts). */
  dataVersion: number;
}

export interface AccountSource {
  id: number;
  timeZone: string;
  plan: Plan;
  proUntil: Date | null;
  dataVersion: number;
}

export function accountOf(row: AccountSource, now: Date, billingOff: boolean): Account {
  const pro = billingOff || (row.plan === 'pro' && (row.proUntil === null || row.proUntil > now));
  return { id: row.id, timeZone: row.timeZone, plan: pro ? 'pro' : 'free', dataVersion: row.dataVersion };
}
