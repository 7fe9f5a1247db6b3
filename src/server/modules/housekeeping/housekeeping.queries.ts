import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * How long a record is kept after it can no longer be used. Each line is a reason, not a
 * guess: nothing deleted here is read by any code path once its age passes the limit.
 */
export const RETENTION = {
  /** An expired session is refused; a day's grace keeps "your session expired" lookups simple. */
  expiredSessionsDays: 1,
  /** Used or expired reset and confirmation links: kept a week so support can see one was sent. */
  expiredLinkDays: 7,
  /**
   * The confirm/unsubscribe token of each mail to a manager: an unsubscribe link must keep
   * working for as long as people act on old mail; every new mail carries a fresh one.
   */
  consentTokenDays: 365,
  /** Stripe retries a webhook for up to three days; the ids only stop a replay being applied twice. */
  stripeEventDays: 30,
  /**
   * A client retries within minutes, but a device offline for weeks (a site without signal,
   * docs/offline.md) sends its kept changes by key when it returns: 30 days still replays them once.
   */
  idempotencyKeyDays: 30,
} as const;

export interface PruneCounts {
  sessions: number;
  passwordResetTokens: number;
  emailConfirmationTokens: number;
  mailConsentTokens: number;
  stripeEvents: number;
  idempotencyKeys: number;
}

async function deleted(db: DbOrTx, statement: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute(statement);
  return result.rowCount ?? 0;
}

/** Deletes what can no longer be used, as of `now`; each table by an indexed or small range. */
export async function pruneExpired(db: DbOrTx, now: Date): Promise<PruneCounts> {
  const at = now.toISOString();
  const ago = (days: number) => sql`${at}::timestamptz - make_interval(days => ${days}::int)`;
  return {
    sessions: await deleted(db, sql`delete from sessions where expires_at < ${ago(RETENTION.expiredSessionsDays)}`),
    passwordResetTokens: await deleted(
      db,
      sql`delete from password_reset_tokens where expires_at < ${ago(RETENTION.expiredLinkDays)}`,
    ),
    emailConfirmationTokens: await deleted(
      db,
      sql`delete from email_confirmation_tokens where expires_at < ${ago(RETENTION.expiredLinkDays)}`,
    ),
    mailConsentTokens: await deleted(db, sql`delete from mail_consent_tokens where created_at < ${ago(RETENTION.consentTokenDays)}`),
    stripeEvents: await deleted(db, sql`delete from stripe_events where received_at < ${ago(RETENTION.stripeEventDays)}`),
    idempotencyKeys: await deleted(db, sql`delete from idempotency_keys where created_at < ${ago(RETENTION.idempotencyKeyDays)}`),
  };
}
