/** Plan limits (SPEC 9, DECISIONS "Plans and limits"). -1 means unlimited. */
import type { SubscriptionStatus } from './schemas/subscription';

export const PLANS = ['free', 'pro'] as const;
export type Plan = (typeof PLANS)[number];

export const PLAN_LIMITS: Record<Plan, { properties: number; openInspections: number }> = {
  free: { properties: 1, openInspections: 1 },
  pro: { properties: -1, openInspections: -1 },
};

export const PRO_PLAN_NAME = 'Firemark Pro';
export const PRO_PRICE_CENTS = 2900;
/** DECISIONS "Plans and limits": one Pro trial per account, no card needed. */
export const TRIAL_DAYS = 30;

/** "At the limit means count >= limit and the limit is not -1" (SPEC 6). */
export function isAtLimit(count: number, limit: number): boolean {
  return limit !== -1 && count >= limit;
}


/** What the client assumes until the status arrives: the most restrictive reading. */
export const UNKNOWN_SUBSCRIPTION_STATUS: SubscriptionStatus = {
  hasActiveSubscription: false,
  plan: 'free',
  propertyCount: 0,
  propertyLimit: 1,
  canCreateProperty: false,
  scheduledInspectionCount: 0,
  inspectionLimit: 1,
  canScheduleInspection: false,
  proUntil: null,
  onTrial: false,
  trialAvailable: false,
};
