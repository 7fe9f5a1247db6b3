import { formatDisplayDate } from '@shared/dates';
import { PRO_PLAN_NAME } from '@shared/plans';
import { renderEmail, type EmailContent } from '../layout';

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/** Stripe could not take a renewal payment; it will try again, and a new card fixes it. */
export function paymentFailedEmail(input: {
  name: string;
  amount: number;
  currency: string;
  nextAttempt: Date | null;
  billingUrl: string;
  supportEmail: string;
}): EmailContent {
  return renderEmail({
    subject: `Your ${PRO_PLAN_NAME} payment did not go through`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `We could not charge your card ${money(input.amount, input.currency)} for ${PRO_PLAN_NAME}.`,
      input.nextAttempt
        ? `We will try again on ${formatDisplayDate(input.nextAttempt)}. To keep ${PRO_PLAN_NAME}, check your card or add another one on the Billing page before then.`
        : `To keep ${PRO_PLAN_NAME}, add a card that works on the Billing page.`,
      'Your properties, inspections and reports are not affected.',
    ],
    action: { label: 'Update your payment method', url: input.billingUrl },
    footer: `Firemark - questions about billing? Write to ${input.supportEmail}`,
  });
}

/** Stripe's notice a few days before a trial with a subscription ends. */
export function trialEndingEmail(input: {
  name: string;
  trialEnd: Date;
  hasCard: boolean;
  amount: number;
  currency: string;
  billingUrl: string;
  supportEmail: string;
}): EmailContent {
  const day = formatDisplayDate(input.trialEnd);
  return renderEmail({
    subject: `Your ${PRO_PLAN_NAME} trial ends on ${day}`,
    greeting: `Hello ${input.name},`,
    paragraphs: input.hasCard
      ? [
          `Your free trial of ${PRO_PLAN_NAME} ends on ${day}. Your saved card will then be charged ${money(input.amount, input.currency)} a month, and ${PRO_PLAN_NAME} carries on without a break.`,
          'Nothing to do if that suits you. To stop, cancel on the Billing page before then: you will not be charged.',
        ]
      : [
          `Your free trial of ${PRO_PLAN_NAME} ends on ${day}, and no card is saved for it.`,
          `To keep ${PRO_PLAN_NAME}, subscribe on the Billing page. Otherwise your account returns to the Free plan and keeps all its data.`,
        ],
    action: { label: 'Open Billing', url: input.billingUrl },
    footer: `Firemark - questions about billing? Write to ${input.supportEmail}`,
  });
}
