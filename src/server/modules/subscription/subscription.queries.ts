import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inspections, organizations, properties, users } from '../../db/schema/index';
import type { Plan } from '@shared/plans';

/** Pro only while proUntil (if any) lies ahead; a trial that has run out is Free again. */
const currentPlan = (now: Date) =>
  sql<Plan>`case when ${organizations.plan} = 'pro' and (${organizations.proUntil} is null or ${organizations.proUntil} > ${now}) then 'pro' else 'free' end`;

/** The account's plan now. */
export async function findPlan(db: DbOrTx, organizationId: number, now: Date): Promise<Plan> {
  const [row] = await db.select({ plan: currentPlan(now) }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.plan ?? 'free';
}

export interface PlanDetails {
  plan: Plan;
  proUntil: Date | null;
  planSource: string | null;
  trialStartedAt: Date | null;
  firstPaidAt: Date | null;
}

/** The plan now with where it comes from, for the subscription status. */
export async function findPlanDetails(db: DbOrTx, organizationId: number, now: Date): Promise<PlanDetails> {
  const [row] = await db
    .select({
      plan: currentPlan(now),
      proUntil: organizations.proUntil,
      planSource: organizations.planSource,
      trialStartedAt: organizations.trialStartedAt,
      firstPaidAt: organizations.firstPaidAt,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? { plan: 'free', proUntil: null, planSource: null, trialStartedAt: null, firstPaidAt: null };
}

/**
 * Starts the account's one trial in a single statement: only an account that never had a
 * trial, never paid and is not Pro now is changed, so two simultaneous starts give one trial.
 */
export async function startTrial(db: DbOrTx, organizationId: number, now: Date, until: Date): Promise<boolean> {
  const rows = await db
    .update(organizations)
    .set({ plan: 'pro', planSource: 'trial', proUntil: until, trialStartedAt: now, updatedAt: now })
    .where(and(eq(organizations.id, organizationId), isNull(organizations.trialStartedAt), isNull(organizations.firstPaidAt), sql`${currentPlan(now)} = 'free'`))
    .returning({ id: organizations.id });
  return rows.length === 1;
}

/**
 * Locks the account row for the rest of the transaction. Every create that a plan limits
 * takes this lock first, so two simultaneous creates are counted one after the other.
 * NO KEY UPDATE, not UPDATE: rows that reference the account (an outbox mail, a new
 * inspection) only need KEY SHARE on it, and must not wait for, or deadlock with, a lock
 * that guards a count.
 */
export async function lockAccount(db: DbOrTx, organizationId: number): Promise<void> {
  await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('no key update');
}

export async function countProperties(db: DbOrTx, organizationId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(properties).where(eq(properties.organizationId, organizationId));
  return row!.n;
}

/**
 * Open inspections that count against the Free plan's limit. A re-test scheduled by a correction
 * does not: the code asks for it after a repair (src/shared/retest-after-correction.ts), so the
 * limit must never stand between a failure and the test that clears it (docs/records.md). Nor
 * does the inspection an open walk-through records (docs/devices.md): the walk is the monthly
 * check being done, and the limit must not stop a person half-way through a building.
 */
export async function countOpenInspections(db: DbOrTx, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inspections)
    .where(
      and(
        eq(inspections.organizationId, organizationId),
        inArray(inspections.status, ['scheduled', 'in_progress']),
        isNull(inspections.retestOfId),
        sql`not exists (select 1 from walkthroughs w where w.inspection_id = ${inspections.id} and w.status = 'open')`,
      ),
    );
  return row!.n;
}

export async function setPlanByUsername(
  db: DbOrTx,
  username: string,
  values: { plan: Plan; planSource: string | null; proUntil: Date | null },
): Promise<{ id: number; username: string } | undefined> {
  // The organisations the person owns: an operator grants Pro to an owner's organisations.
  const [owner] = await db.select({ id: users.id, username: users.username }).from(users).where(sql`lower(${users.username}) = lower(${username})`);
  if (!owner) return undefined;
  await db
    .update(organizations)
    .set({ ...values, updatedAt: new Date() })
    .where(sql`${organizations.id} in (select organization_id from memberships where user_id = ${owner.id} and role = 'owner')`);
  return owner;
}
