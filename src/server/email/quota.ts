import type { Tx } from '../db/transaction';
import { BULK_MAIL_KINDS, type MailKind } from './mail-kinds';

/**
 * How much bulk mail one account can cause in any 60 minutes. Generous for real use (a
 * morning's reminders of a large portfolio go out over a few hours; see reminders.service),
 * and it stops a flood at its source. docs/operations.md, "E-mail".
 */
export const BULK_MAILS_PER_ACCOUNT_PER_HOUR = 200;

export const QUOTA_REASON = `Not sent: the account caused more than ${BULK_MAILS_PER_ACCOUNT_PER_HOUR} bulk mails in an hour`;

/** The part of the app's logger the mail limits use. */
export interface MailLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

// pg_advisory_xact_lock(int, int): this namespace and the account id.
const ACCOUNT_MAIL_LOCK = 0x6d61696c;

/**
 * Serialises every decision about one organisation's mail until the transaction ends, so counts
 * and the mail they admit are one step even under concurrent requests. Take it after any
 * row locks the transaction needs (it is always the last lock), so it never closes a cycle.
 */
export async function lockAccountMail(tx: Tx, organizationId: number): Promise<void> {
  await tx.executeSql('select pg_advisory_xact_lock($1::int, $2::int)', [ACCOUNT_MAIL_LOCK, organizationId]);
}

/** Mail of these kinds the organisation caused within the interval, suppressed mail not counted. */
export async function countRecentMail(tx: Tx, organizationId: number, kinds: readonly MailKind[], within: string): Promise<number> {
  const result = await tx.executeSql(
    `select count(*)::int as n from email_outbox
     where organization_id = $1 and created_at > now() - $2::interval and status <> 'suppressed' and kind = any($3::text[])`,
    [organizationId, within, kinds],
  );
  return result.rows[0].n as number;
}

/** How many more bulk mails the organisation may cause now; takes its mail lock. */
export async function bulkMailRoom(tx: Tx, organizationId: number): Promise<number> {
  await lockAccountMail(tx, organizationId);
  return BULK_MAILS_PER_ACCOUNT_PER_HOUR - (await countRecentMail(tx, organizationId, BULK_MAIL_KINDS, '1 hour'));
}

/** Logs the first mail suppressed by the quota in a window; the rest only as outbox rows. */
export async function warnOncePerWindow(tx: Tx, log: MailLog | undefined, organizationId: number): Promise<void> {
  if (!log) return;
  const earlier = await tx.executeSql(
    `select 1 from email_outbox
     where organization_id = $1 and created_at > now() - interval '1 hour' and status = 'suppressed' and last_error = $2 limit 1`,
    [organizationId, QUOTA_REASON],
  );
  if (earlier.rowCount) return;
  log.warn(
    { organizationId, limitPerHour: BULK_MAILS_PER_ACCOUNT_PER_HOUR },
    'An organisation reached its hourly mail quota: its further bulk mail is kept in the outbox as suppressed, not sent',
  );
}
