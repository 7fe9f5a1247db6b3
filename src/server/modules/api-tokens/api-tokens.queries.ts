import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiTokens } from '../../db/schema/index';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** The account's live tokens, newest first. */
export const listTokens = (db: DbOrTx, organizationId: number) =>
  db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.organizationId, organizationId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.id));

export async function countLiveTokens(db: DbOrTx, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiTokens)
    .where(and(eq(apiTokens.organizationId, organizationId), isNull(apiTokens.revokedAt)));
  return row!.n;
}

export async function insertToken(db: DbOrTx, values: typeof apiTokens.$inferInsert): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row!;
}

/** Revokes the account's live tokens (the one with `id`, or all); returns those it revoked. */
export async function revokeTokens(db: DbOrTx, organizationId: number, which: { id: number } | 'all', now: Date) {
  return db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.organizationId, organizationId), isNull(apiTokens.revokedAt), which === 'all' ? undefined : eq(apiTokens.id, which.id)))
    .returning({ id: apiTokens.id, name: apiTokens.name, prefix: apiTokens.prefix });
}
