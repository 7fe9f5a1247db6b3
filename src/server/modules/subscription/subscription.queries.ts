import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inspections, properties, users } from '../../db/schema/index';
import type { Plan } from '@shared/plans';

/** The account's plan now: Pro only while proUntil (if any) lies ahead. */
export async function findPlan(db: DbOrTx, userId: number, now: Date): Promise<Plan> {
  const [row] = await db
    .select({ plan: sql<Plan>`case when ${users.plan} = 'pro' and (${users.proUntil} is null or ${users.proUntil} > ${now}) then 'pro' else 'free' end` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.plan ?? 'free';
}

/**
 * Locks the account row for the rest of the transaction. Every create that a plan limits
 * takes this lock first, so two simultaneous creates are counted one after the other.
 */
export async function lockAccount(db: DbOrTx, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countProperties(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(properties).where(eq(properties.userId, userId));
  return row!.n;
}

export async function countOpenInspections(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inspections)
    .where(and(eq(inspections.userId, userId), inArray(inspections.status, ['scheduled', 'in_progress'])));
  return row!.n;
}

export async function setPlanByUsername(
  db: DbOrTx,
  username: string,
  values: { plan: Plan; planSource: string | null; proUntil: Date | null },
): Promise<{ id: number; username: string } | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(sql`lower(${users.username}) = lower(${username})`)
    .returning({ id: users.id, username: users.username });
  return row;
}
