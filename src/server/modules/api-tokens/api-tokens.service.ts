import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { MAX_API_TOKENS, type ApiToken, type ApiTokenAccess, type CreatedApiToken } from '@shared/schemas/api-token';
import type { Account } from '../../account';
import type { Db, DbOrTx } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { endFeedHandedToTokens } from '../calendar-feed/calendar-feed.service';
import { stopWebhooksMadeBy } from '../webhooks/webhooks.service';
import { conflict, notFound } from '../../errors';
import { TOKEN_PREFIX, tokenDigest } from '../../plugins/api-tokens';
import { lockAccountForLimits } from '../subscription/subscription.service';
import * as q from './api-tokens.queries';

export interface ApiTokensDeps {
  db: Db;
  pool: pg.Pool;
}

const toApiToken = (row: q.ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  access: row.access as ApiTokenAccess,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function listTokens(deps: ApiTokensDeps, account: Account): Promise<ApiToken[]> {
  return (await q.listTokens(deps.db, account.id)).map(toApiToken);
}

export async function createToken(deps: ApiTokensDeps, account: Account, input: { name: string; access: ApiTokenAccess }): Promise<CreatedApiToken> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await withTransaction(deps.pool, async ({ db }) => {
    await lockAccountForLimits(db, account.id);
    if ((await q.countLiveTokens(db, account.id)) >= MAX_API_TOKENS) {
      throw conflict(`An account can have at most ${MAX_API_TOKENS} API tokens. Revoke one you no longer use to create another.`);
    }
    return q.insertToken(db, {
      organizationId: account.id,
      createdByUserId: account.userId,
      name: input.name,
      access: input.access,
      tokenHash: tokenDigest(token),
      prefix: token.slice(0, TOKEN_PREFIX.length + 4),
    });
  });
  return { ...toApiToken(row), token };
}

/** A token revoked, as the password-change mail lists it. */
export interface RevokedToken {
  id: number;
  name: string;
  prefix: string;
}

/**
 * Revokes live tokens of the account and ends what they made, in the caller's transaction:
 * their webhooks stop (nothing is posted for them once this commits) and a calendar link a
 * token was handed answers 404. Password change and reset call this with 'all'.
 */
export async function revokeTokensIn(db: DbOrTx, accountId: number, which: { id: number } | 'all', now: Date): Promise<RevokedToken[]> {
  const revoked = await q.revokeTokens(db, accountId, which, now);
  if (revoked.length > 0) {
    await stopWebhooksMadeBy(db, accountId, revoked.map((token) => token.id), now);
    await endFeedHandedToTokens(db, accountId);
  }
  return revoked;
}

export async function revokeToken(deps: ApiTokensDeps, account: Account, id: number): Promise<void> {
  await withTransaction(deps.pool, async ({ db }) => {
    if ((await revokeTokensIn(db, account.id, { id }, new Date())).length === 0) throw notFound('API token not found');
  });
}
