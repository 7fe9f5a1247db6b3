import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { SupportRequest, SupportRequestValues } from '@shared/schemas/support';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Account } from '../../account';
import { withTransaction } from '../../db/transaction';
import { queueEmail } from '../../email/outbox';
import type { MailLog } from '../../email/quota';
import { supportConfirmationEmail, supportNotificationEmail, testEmail } from '../../email/templates/support';
import { conflict } from '../../errors';
import { accountContact } from '../auth/account-contact';
import * as q from './support.queries';

export interface SupportDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  boss: PgBoss;
  log?: MailLog;
}

/**
 * Records the request and, in the same transaction, queues the confirmation to the person
 * and the notification to SUPPORT_EMAIL (DECISIONS "E-mail"): if the request is saved, both
 * mails will be delivered. The confirmation goes to the account's own address, never to the
 * typed one: otherwise any account could make Firemark mail any text to anybody. The typed
 * address is where support answers, and the notification says so.
 */
export async function submitSupportRequest(deps: SupportDeps, account: Account, values: SupportRequestValues): Promise<SupportRequest> {
  const contact = await accountContact(deps.db, account.userId);
  return withTransaction(deps.pool, async (tx) => {
    const request = await q.insertSupportRequest(tx.db, account.id, values);
    await queueEmail(tx, deps.boss, {
      kind: 'support_confirmation',
      organizationId: account.id,
      userId: account.userId,
      referenceId: request.id,
      to: contact.email,
      ...supportConfirmationEmail(request, deps.config.supportEmail),
    }, { log: deps.log });
    await queueEmail(tx, deps.boss, {
      kind: 'support_notification',
      organizationId: account.id,
      userId: account.userId,
      to: deps.config.supportEmail,
      ...supportNotificationEmail(request, { username: contact.username, email: contact.email }),
    }, { log: deps.log });
    return request;
  });
}

export const listSupportRequests = (deps: SupportDeps, account: Account, paging: { limit: number; offset: number }) =>
  q.listSupportRequests(deps.db, account.id, paging.limit, paging.offset);

/**
 * A test mail to the account's own address, through the same outbox as every other mail. An
 * unconfirmed address would only hold it, so the person is told what to do instead.
 */
export async function sendTestEmail(deps: SupportDeps, account: Account): Promise<{ success: true; to: string }> {
  const contact = await accountContact(deps.db, account.userId);
  if (!contact.emailConfirmed) {
    throw conflict(
      `Confirm your e-mail address first: open the link we sent to ${contact.email}, or choose Resend link at the top of the page. Until then Firemark sends it nothing else.`,
    );
  }
  await withTransaction(deps.pool, (tx) =>
    queueEmail(tx, deps.boss, {
      kind: 'test',
      organizationId: account.id,
      userId: account.userId,
      to: contact.email,
      ...testEmail(contact.name, deps.config.supportEmail),
    }, { log: deps.log }),
  );
  return { success: true, to: contact.email };
}
