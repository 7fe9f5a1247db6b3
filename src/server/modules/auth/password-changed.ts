import type PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { UserRow } from '../../db/schema/index';
import type { Tx } from '../../db/transaction';
import { queueEmail } from '../../email/outbox';
import { passwordChangedEmail } from '../../email/templates/password-changed';
import { revokeTokensIn, type RevokedToken } from '../api-tokens/api-tokens.service';

/**
 * What follows a new password, in the transaction that sets it: the personal API tokens are
 * revoked (always after a reset; after a change unless the person unticked it), which stops
 * what they made, and the account is told by mail, tokens named.
 */
export async function afterNewPassword(
  tx: Tx,
  deps: { config: Config; boss: PgBoss },
  user: UserRow,
  how: 'changed' | 'reset',
  revokeApiTokens: boolean,
  now: Date,
): Promise<RevokedToken[]> {
  const revoked = revokeApiTokens ? await revokeTokensIn(tx.db, user.id, 'all', now) : [];
  const content = passwordChangedEmail({
    name: user.fullName || user.username,
    how,
    revokedTokens: revoked,
    settingsUrl: `${deps.config.appUrl}/settings`,
    supportEmail: deps.config.supportEmail,
  });
  await queueEmail(tx, deps.boss, { kind: 'password_changed', userId: user.id, to: user.email, ...content });
  return revoked;
}
