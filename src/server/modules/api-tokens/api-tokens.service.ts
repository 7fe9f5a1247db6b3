import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { MAX_API_TOKENS, type ApiToken, type ApiTokenAccess, type CreatedApiToken } from '@shared/schemas/api-token';
import type { Account } from '../../account';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
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
      userId: account.id,
      name: input.name,
      access: input.access,
      tokenHash: tokenDigest(token),
      prefix: token.slice(0, TOKEN_PREFIX.length + 4),
    });
  });
  return { ...toApiToken(row), token };
}

export async function revokeToken(deps: ApiTokensDeps, account: Account, id: number): Promise<void> {
  if (!(await q.revokeToken(deps.db, account.id, id, new Date()))) throw notFound('API token not found');
}
