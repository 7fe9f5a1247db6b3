import { QUEUES } from '../queues';

/**
 * Every kind of mail Firemark sends, and its class. Transactional mail is what a person is
 * waiting for at this moment; it has its own queue and worker, so no backlog of bulk mail
 * can delay it. Bulk mail counts towards the account's hourly quota (email/quota.ts).
 * A new kind must be added here: the outbox accepts no other.
 */
export const MAIL_KINDS = {
  password_reset: 'transactional',
  /** The notice that the password was changed or reset, naming the API tokens revoked with it. */
  password_changed: 'transactional',
  email_confirmation: 'transactional',
  account_exists: 'transactional',
  /** The one-click opt-in asked of a property manager before any other mail (mail-consent). */
  manager_invitation: 'transactional',
  /** An invitation to join an organisation (invitations module); sent only by members whose address is confirmed. */
  member_invitation: 'transactional',
  /** Billing (Stripe): a failed renewal, a trial about to end. Few, and never to be held back by a quota. */
  payment_failed: 'transactional',
  trial_ending: 'transactional',

  compliance_alert: 'bulk',
  compliance_alert_summary: 'bulk',
  manager_compliance_alert: 'bulk',
  reminder_thirty_day: 'bulk',
  reminder_seven_day: 'bulk',
  reminder_due_date: 'bulk',
  reminder_overdue: 'bulk',
  manager_reminder_thirty_day: 'bulk',
  manager_reminder_seven_day: 'bulk',
  manager_reminder_due_date: 'bulk',
  manager_reminder_overdue: 'bulk',
  /** A requirement due with no inspection scheduled for it ("Due, not scheduled"). */
  requirement_reminder_thirty_day: 'bulk',
  requirement_reminder_seven_day: 'bulk',
  requirement_reminder_due_date: 'bulk',
  requirement_reminder_overdue: 'bulk',
  manager_requirement_reminder_thirty_day: 'bulk',
  manager_requirement_reminder_seven_day: 'bulk',
  manager_requirement_reminder_due_date: 'bulk',
  manager_requirement_reminder_overdue: 'bulk',
  /** The one daily mail about requirements with no known last date, instead of a reminder for each. */
  requirement_digest: 'bulk',
  report_ready: 'bulk',
  /** The monthly portfolio summary, to owners and admins who asked for it (insight). */
  monthly_summary: 'bulk',
  support_confirmation: 'bulk',
  support_notification: 'bulk',
  test: 'bulk',
} as const satisfies Record<string, 'transactional' | 'bulk'>;

export type MailKind = keyof typeof MAIL_KINDS;

export const BULK_MAIL_KINDS = (Object.keys(MAIL_KINDS) as MailKind[]).filter((kind) => MAIL_KINDS[kind] === 'bulk');

export const isBulk = (kind: MailKind): boolean => MAIL_KINDS[kind] === 'bulk';

/** The pg-boss queue that delivers this kind. */
export const deliveryQueueOf = (kind: MailKind): string => (isBulk(kind) ? QUEUES.emailDelivery : QUEUES.emailPriority);

/** The queues the delivery worker serves, each with its own polling loop. */
export const DELIVERY_QUEUES = [QUEUES.emailPriority, QUEUES.emailDelivery] as const;
