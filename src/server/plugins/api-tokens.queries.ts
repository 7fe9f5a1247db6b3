import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiTokens, users } from '../db/schema/index';

/** A live token and what its account needs to become the caller (plugins/api-tokens.ts). */
export async function findLiveToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: apiTokens.id,
      access: apiTokens.access,
      lastUsedAt: apiTokens.lastUsedAt,
      account: { id: users.id, timeZone: users.timeZone, plan: users.plan, proUntil: users.proUntil, dataVersion: users.dataVersion },
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
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

