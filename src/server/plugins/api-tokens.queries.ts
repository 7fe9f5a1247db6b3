import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiTokens, memberships, organizations } from '../db/schema/index';

/**
 * A live token and the membership it acts through: its maker's, in the token's organisation.
 * A maker who left the organisation leaves no membership, so their tokens stop at once.
 */
export async function findLiveToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: apiTokens.id,
      access: apiTokens.access,
      lastUsedAt: apiTokens.lastUsedAt,
      account: {
        organizationId: organizations.id,
        userId: memberships.userId,
        role: memberships.role,
        inspectorId: memberships.inspectorId,
        propertyIds: sql<number[] | null>`case when ${memberships.allProperties} then null else (
          select coalesce(array_agg(mp.property_id order by mp.property_id), '{}') from membership_properties mp where mp.membership_id = ${memberships.id}) end`,
        timeZone: organizations.timeZone,
        plan: organizations.plan,
        proUntil: organizations.proUntil,
        dataVersion: organizations.dataVersion,
      },
    })
    .from(apiTokens)
    .innerJoin(memberships, and(eq(memberships.organizationId, apiTokens.organizationId), eq(memberships.userId, apiTokens.createdByUserId)))
    .innerJoin(organizations, eq(organizations.id, apiTokens.organizationId))
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)));
  return row;
}

/** Notes the use, at most once a minute per token: a busy integration must not write on every request. */
export async function touchToken(db: Db, id: number, now: Date): Promise<void> {
  const minuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, minuteAgo))));
}

