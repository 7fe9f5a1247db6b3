import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { withTransaction, type Tx } from '../../db/transaction';
import { queueEmail } from '../../email/outbox';
import { bulkMailRoom, type MailLog } from '../../email/quota';
import type { EmailContent } from '../../email/layout';
import { inspectionReminderEmail, managerInspectionReminderEmail } from '../../email/templates/inspection-reminder';
import { managerRequirementReminderEmail, requirementReminderEmail } from '../../email/templates/requirement-reminder';
import { unknownLastDoneDigestEmail } from '../../email/templates/unknown-last-done-digest';
import type { MailKind } from '../../email/mail-kinds';
import { inviteManager, planManagerMail, queueManagerMail, type ManagerPlan } from '../mail-consent/mail-consent.service';
import type { MailRecipient } from '../notifications/recipients.queries';
import { repeatDays } from './reminder-rules';
import * as q from './reminders.queries';
import * as rq from './requirement-reminders.queries';
import * as uq from './unknown-last-done.queries';

export interface RemindersDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  boss: PgBoss;
  log?: MailLog;
}

const BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Thrown inside a reminder's transaction to undo its claim: the account has no mail left this hour. */
class NoRoomThisHour extends Error {}

type Outcome = 'sent' | 'not_due' | 'no_room';

/**
 * Sends every reminder due at `now`, for open inspections and for requirements due with none
 * ("Due, not scheduled"): each is claimed and its e-mails queued in one transaction, so a
 * reminder is logged if and only if its e-mails will be delivered, and a retry or an
 * overlapping sweep finds it claimed and sends nothing twice. The log is per reminder (one per
 * subject, type and due date), the mail per recipient: every member who looks after the
 * property and asks for reminders (notifications/recipients.queries). A reminder of an account at
 * its hourly mail quota is left unclaimed: a later sweep sends it when there is room, so a
 * large portfolio's morning is spread over hours, never lost. Requirements with no known last
 * date get no reminder each: one digest per organisation and day counts them (DECISIONS "Item
 * types, activities and code sets"). Returns how many reminders and digests were sent.
 */
export async function sendDueReminders(deps: RemindersDeps, now = new Date()): Promise<number> {
  const waiting = new Set<number>();
  const sent =
    (await sweep(
      deps,
      now,
      waiting,
      (after: q.SweepCursor | undefined) => q.findDueReminders(deps.db, now, BATCH, after),
      (r) => ({ dueDate: r.dueDate, inspectionId: r.inspectionId }),
      sendReminder,
    )) +
    (await sweep(
      deps,
      now,
      waiting,
      (after: rq.RequirementSweepCursor | undefined) => rq.findDueRequirementReminders(deps.db, now, BATCH, after),
      (r) => ({ dueDate: r.dueDate, requirementId: r.requirementId }),
      sendRequirementReminder,
    )) +
    (await sweep(
      deps,
      now,
      waiting,
      (after: number | undefined) => uq.findDigestOrganizations(deps.db, now, BATCH, after),
      (last) => last.organizationId,
      sendUnknownLastDoneDigest,
    ));
  // Expected for large portfolios on a busy morning, so not a warning.
  if (waiting.size > 0) deps.log?.info({ accounts: [...waiting] }, 'Reminders of accounts at their hourly mail quota wait for a later sweep');
  return sent;
}

/** One kind of reminder, a page at a time by its cursor. */
async function sweep<R extends { organizationId: number }, C>(
  deps: RemindersDeps,
  now: Date,
  waiting: Set<number>,
  page: (after: C | undefined) => Promise<R[]>,
  cursorOf: (last: R) => C,
  send: (deps: RemindersDeps, reminder: R, now: Date) => Promise<Outcome>,
): Promise<number> {
  let sent = 0;
  let after: C | undefined;
  for (;;) {
    const due = await page(after);
    for (const reminder of due) {
      const outcome = await send(deps, reminder, now);
      if (outcome === 'sent') sent++;
      if (outcome === 'no_room') waiting.add(reminder.organizationId);
    }
    if (due.length < BATCH) return sent;
    after = cursorOf(due.at(-1)!);
  }
}

const nextRepeatAt = (reminder: { reminderType: string; frequency: q.DueReminder['frequency']; leadTimeDays: number }, now: Date) =>
  reminder.reminderType === 'overdue' ? new Date(now.getTime() + repeatDays(reminder.frequency, reminder.leadTimeDays) * DAY_MS) : null;

interface ReminderMail {
  organizationId: number;
  recipients: MailRecipient[];
  ownerId: number;
  ownerEmail: string;
  ownerName: string;
  managerEmail: string;
  propertyName: string;
  kind: MailKind;
  managerKind: MailKind;
  referenceId: number;
  content: (recipient: MailRecipient) => EmailContent;
  managerContent: (unsubscribeUrl: string) => EmailContent;
}

const canonical = (address: string) => address.trim().toLowerCase();

/**
 * Each recipient's own reminder (held while their address is unconfirmed), all referring to
 * the one log row; and the manager's own message once per reminder, naming the organisation's
 * first owner, once the manager has confirmed (an invitation before that). No manager message
 * when the manager address is a recipient's own confirmed address. Throws NoRoomThisHour when the
 * organisation's quota has no room for all of them.
 */
async function queueReminderMail(tx: Tx, deps: RemindersDeps, mail: ReminderMail): Promise<void> {
  const account = { id: mail.organizationId, userId: mail.ownerId, email: mail.ownerEmail, name: mail.ownerName };
  const managerIsRecipient = mail.recipients.some((r) => r.confirmed && canonical(r.email) === canonical(mail.managerEmail));
  const manager: ManagerPlan = managerIsRecipient ? { kind: 'own' } : await planManagerMail(tx, account, mail.managerEmail);
  if ((await bulkMailRoom(tx, mail.organizationId)) < mail.recipients.length + (manager.kind === 'send' ? 1 : 0)) throw new NoRoomThisHour();
  for (const recipient of mail.recipients) {
    await queueEmail(
      tx,
      deps.boss,
      { kind: mail.kind, organizationId: mail.organizationId, userId: recipient.userId, referenceId: mail.referenceId, to: recipient.email, ...mail.content(recipient) },
      { log: deps.log },
    );
  }
  if (manager.kind === 'invite') {
    await inviteManager(tx, deps, account, { address: manager.address, propertyName: mail.propertyName });
  } else if (manager.kind === 'send') {
    await queueManagerMail(tx, deps, manager, { kind: mail.managerKind, organizationId: mail.organizationId, userId: mail.ownerId, content: mail.managerContent });
  }
}

/** Runs one reminder's claim and mail in a transaction; a full quota undoes the claim. */
async function claimAndSend(deps: RemindersDeps, work: (tx: Tx) => Promise<'sent' | 'not_due'>): Promise<Outcome> {
  try {
    return await withTransaction(deps.pool, work);
  } catch (error) {
    if (error instanceof NoRoomThisHour) return 'no_room';
    throw error;
  }
}

function sendReminder(deps: RemindersDeps, reminder: q.DueReminder, now: Date): Promise<Outcome> {
  return claimAndSend(deps, async (tx) => {
    const logId = await q.claimReminder(tx.db, 'inspection', { ...reminder, subjectId: reminder.inspectionId }, now, nextRepeatAt(reminder, now));
    if (logId === null) return 'not_due';
    await queueReminderMail(tx, deps, {
      ...reminder,
      kind: `reminder_${reminder.reminderType}`,
      managerKind: `manager_reminder_${reminder.reminderType}`,
      referenceId: logId,
      content: (recipient) =>
        inspectionReminderEmail({
          ...reminder,
          name: recipient.name,
          inspectionUrl: `${deps.config.appUrl}/inspections/${reminder.inspectionId}`,
          settingsUrl: `${deps.config.appUrl}/settings`,
        }),
      managerContent: (unsubscribeUrl) => managerInspectionReminderEmail({ ...reminder, accountName: reminder.ownerName, accountEmail: reminder.ownerEmail, unsubscribeUrl }),
    });
    return 'sent';
  });
}

function sendRequirementReminder(deps: RemindersDeps, reminder: rq.DueRequirementReminder, now: Date): Promise<Outcome> {
  return claimAndSend(deps, async (tx) => {
    const logId = await q.claimReminder(tx.db, 'requirement', { ...reminder, subjectId: reminder.requirementId }, now, nextRepeatAt(reminder, now));
    if (logId === null) return 'not_due';
    const schedule = new URLSearchParams({
      propertyId: String(reminder.propertyId),
      inspectionType: reminder.inspectionType,
      requirementId: String(reminder.requirementId),
      dueDate: reminder.dueDate,
    });
    await queueReminderMail(tx, deps, {
      ...reminder,
      kind: `requirement_reminder_${reminder.reminderType}`,
      managerKind: `manager_requirement_reminder_${reminder.reminderType}`,
      referenceId: logId,
      content: (recipient) =>
        requirementReminderEmail({
          ...reminder,
          name: recipient.name,
          scheduleUrl: `${deps.config.appUrl}/inspections/new?${schedule}`,
          propertyUrl: `${deps.config.appUrl}/properties/${reminder.propertyId}`,
          settingsUrl: `${deps.config.appUrl}/settings`,
        }),
      managerContent: (unsubscribeUrl) => managerRequirementReminderEmail({ ...reminder, accountName: reminder.ownerName, accountEmail: reminder.ownerEmail, unsubscribeUrl }),
    });
    return 'sent';
  });
}

/**
 * The organisation's digest of requirements with no known last date, for its day: claimed and
 * mailed in one transaction, to every member a requirement reminder of those properties goes to
 * (each told of the properties they look after), as reminders are: only once one of them has a
 * confirmed address, the others' mail held; whole or, with no room in the hourly quota, later.
 * The property manager's address gets none: the fix is to record dates in Firemark.
 */
function sendUnknownLastDoneDigest(deps: RemindersDeps, digest: uq.DigestOrganization): Promise<Outcome> {
  return claimAndSend(deps, async (tx) => {
    const recipients = await uq.findDigestRecipients(tx.db, digest.organizationId);
    // Nothing is logged until someone who asks for it has confirmed, so nothing is lost meanwhile.
    if (!recipients.some((r) => r.confirmed)) return 'not_due';
    const logId = await uq.claimDigest(tx.db, digest);
    if (logId === null) return 'not_due';
    if ((await bulkMailRoom(tx, digest.organizationId)) < recipients.length) throw new NoRoomThisHour();
    for (const recipient of recipients) {
      const content = unknownLastDoneDigestEmail({
        ...recipient,
        recordUrl: `${deps.config.appUrl}/properties/past-inspections`,
        settingsUrl: `${deps.config.appUrl}/settings`,
      });
      await queueEmail(
        tx,
        deps.boss,
        { kind: 'requirement_digest', organizationId: digest.organizationId, userId: recipient.userId, referenceId: logId, to: recipient.email, ...content },
        { log: deps.log },
      );
    }
    return 'sent';
  });
}
