import { ERROR_CODES } from '@shared/api-error';
import { isAtLimit, PLAN_LIMITS, PRO_PLAN_NAME, TRIAL_DAYS, type Plan } from '@shared/plans';
import type { SubscriptionStatus } from '@shared/schemas/subscription';
import { remembered, type VersionedAccount } from '../../cache/account-cache';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, conflict } from '../../errors';
import { isBillingOff } from './billing-switch';
import * as q from './subscription.queries';
import { transactionAsActor } from '../../db/actor';

/** Free or Pro at this moment (a trial counts as Pro), for features that only Pro has. */
export const currentPlan = async (db: DbOrTx, organizationId: number, now = new Date()): Promise<Plan> =>
  isBillingOff() ? 'pro' : q.findPlan(db, organizationId, now);

export async function subscriptionStatus(db: Db, account: VersionedAccount, now = new Date()): Promise<SubscriptionStatus> {
  // Every signed-in page asks for this. The plan is read fresh (billing and the trial change it
  // without touching the account's data); the two counts are remembered until the data changes.
  const [details, [propertyCount, scheduledInspectionCount]] = await Promise.all([
    q.findPlanDetails(db, account.id, now),
    remembered(db, account, 'plan-counts', () => Promise.all([q.countProperties(db, account.id), q.countOpenInspections(db, account.id)])),
  ]);
  // BILLING=off: Pro for everyone, with no end and nothing to try.
  if (isBillingOff()) Object.assign(details, { plan: 'pro', proUntil: null, planSource: 'billing_off', trialStartedAt: now });
  const { plan } = details;
  const limits = PLAN_LIMITS[plan];
  return {
    hasActiveSubscription: plan === 'pro',
    plan,
    propertyCount,
    propertyLimit: limits.properties,
    canCreateProperty: !isAtLimit(propertyCount, limits.properties),
    scheduledInspectionCount,
    inspectionLimit: limits.openInspections,
    canScheduleInspection: !isAtLimit(scheduledInspectionCount, limits.openInspections),
    proUntil: plan === 'pro' && details.proUntil ? details.proUntil.toISOString() : null,
    onTrial: plan === 'pro' && details.planSource === 'trial',
    trialAvailable: plan === 'free' && details.trialStartedAt === null && details.firstPaidAt === null,
  };
}

/** DECISIONS "Plans and limits": one 30-day Pro trial per account, without a card. */
export async function startTrial(db: Db, account: VersionedAccount, now = new Date()): Promise<SubscriptionStatus> {
  const until = new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
  // As the member who started it, in the plan's history (docs/history.md).
  if (isBillingOff() || !(await transactionAsActor(db, (tx) => q.startTrial(tx, account.id, now, until)))) {
    const { plan, firstPaidAt } = await q.findPlanDetails(db, account.id, now);
    if (plan === 'pro' || isBillingOff()) throw conflict(`Your account already has ${PRO_PLAN_NAME}.`);
    // DECISIONS "Billing": the trial is for accounts that have never paid.
    if (firstPaidAt) throw conflict(`The free trial is for new accounts, and yours has paid for ${PRO_PLAN_NAME} before. Subscribe on this page to get it back.`);
    throw conflict('Your free trial has already been used.');
  }
  return subscriptionStatus(db, account, now);
}

/**
 * The trial of an account signing up through a trial call to action, in its creating
 * transaction (DECISIONS, "Plans and limits"). With billing off every account is Pro already.
 */
export async function startTrialAtSignup(tx: DbOrTx, organizationId: number, now = new Date()): Promise<void> {
  if (isBillingOff()) return;
  const until = new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
  await q.startTrial(tx, organizationId, now, until);
}

const limitReached = (what: string) =>
  new AppError(
    ERROR_CODES.planLimit,
    `Free accounts are limited to ${what}. Upgrade to ${PRO_PLAN_NAME} for unlimited properties and inspections.`,
  );

/**
 * Call inside the creating transaction: locks the account, then checks that `adding` more
 * properties fit the plan. Concurrent creates queue on the lock, so exactly as many succeed
 * as the plan allows.
 */
export async function assertCanAddProperties(tx: DbOrTx, organizationId: number, adding: number, now = new Date()): Promise<void> {
  if (isBillingOff()) return;
  await q.lockAccount(tx, organizationId);
  const limit = PLAN_LIMITS[await q.findPlan(tx, organizationId, now)].properties;
  if (limit === -1) return;
  if ((await q.countProperties(tx, organizationId)) + adding > limit) throw limitReached(`${limit} property`);
}

/** The same for open (scheduled or in progress) inspections. */
export async function assertCanAddOpenInspection(tx: DbOrTx, organizationId: number, now = new Date()): Promise<void> {
  if (!(await canAddOpenInspection(tx, organizationId, now))) {
    throw limitReached(`${PLAN_LIMITS.free.openInspections} scheduled inspection at a time`);
  }
}

/**
 * Takes the account lock that creates under a plan limit take first. Work that may create an
 * inspection after touching requirements takes it before them, so that it and a scheduling
 * (account, then requirement) never wait on each other in opposite orders.
 */
export const lockAccountForLimits = (tx: DbOrTx, organizationId: number) => q.lockAccount(tx, organizationId);

/** Whether one more open inspection fits the plan, under the same lock, for work that must not fail on it. */
export async function canAddOpenInspection(tx: DbOrTx, organizationId: number, now = new Date()): Promise<boolean> {
  if (isBillingOff()) return true;
  await q.lockAccount(tx, organizationId);
  const limit = PLAN_LIMITS[await q.findPlan(tx, organizationId, now)].openInspections;
  return limit === -1 || (await q.countOpenInspections(tx, organizationId)) + 1 <= limit;
}

/**
 * How many more open inspections the plan allows (Infinity without a limit), under the same
 * lock, for work that schedules several at once and must not fail on the limit.
 */
export async function openInspectionRoom(tx: DbOrTx, organizationId: number, now = new Date()): Promise<number> {
  if (isBillingOff()) return Infinity;
  await q.lockAccount(tx, organizationId);
  const limit = PLAN_LIMITS[await q.findPlan(tx, organizationId, now)].openInspections;
  return limit === -1 ? Infinity : Math.max(0, limit - (await q.countOpenInspections(tx, organizationId)));
}

export const grantPro = (db: DbOrTx, username: string) =>
  q.setPlanByUsername(db, username, { plan: 'pro', planSource: 'complimentary', proUntil: null });

export const revokePro = (db: DbOrTx, username: string) =>
  q.setPlanByUsername(db, username, { plan: 'free', planSource: null, proUntil: null });

/** Properties and open inspections the account has, for checks around a restore. */
export async function planCounts(tx: DbOrTx, organizationId: number): Promise<{ properties: number; openInspections: number }> {
  return { properties: await q.countProperties(tx, organizationId), openInspections: await q.countOpenInspections(tx, organizationId) };
}

/**
 * After an undo put rows back: whatever it added must fit the plan. An account already over
 * a limit (a downgrade keeps what it had) may still undo what does not add to it.
 */
export async function assertRestoreFits(tx: DbOrTx, organizationId: number, before: { properties: number; openInspections: number }, now = new Date()) {
  if (isBillingOff()) return;
  const limits = PLAN_LIMITS[await q.findPlan(tx, organizationId, now)];
  const after = await planCounts(tx, organizationId);
  const over = (count: number, was: number, limit: number) => limit !== -1 && count > was && count > limit;
  if (over(after.properties, before.properties, limits.properties)) throw limitReached(`${limits.properties} property`);
  if (over(after.openInspections, before.openInspections, limits.openInspections)) {
    throw limitReached(`${limits.openInspections} scheduled inspection at a time`);
  }
}
