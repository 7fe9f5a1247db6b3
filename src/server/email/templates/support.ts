import type { SupportRequest } from '@shared/schemas/support';
import { SUPPORT_TYPE_LABELS } from '@shared/schemas/support';
import { renderEmail, type EmailContent } from '../layout';

const reference = (request: SupportRequest) => `#${request.id}`;

/** To the person who asked: what was received and when to expect an answer. */
export function supportConfirmationEmail(request: SupportRequest, supportEmail: string): EmailContent {
  return renderEmail({
    subject: `We received your request ${reference(request)}: ${request.subject}`,
    greeting: `Hello ${request.userFullName ?? 'there'},`,
    paragraphs: [
      `Thank you for writing to Firemark support. Your request ${reference(request)} has been received, and we will respond within 1 business day.`,
      `Subject: ${request.subject}`,
      `Your message:\n${request.message}`,
      `To add anything, write to ${supportEmail} and mention ${reference(request)}.`,
    ],
    footer: `Firemark support - ${supportEmail}`,
  });
}

/** To the support desk: everything needed to answer without opening the app. */
export function supportNotificationEmail(request: SupportRequest, account: { username: string; email: string }): EmailContent {
  return renderEmail({
    subject: `[Support ${reference(request)}] [${request.priority}] ${request.subject}`,
    greeting: 'A new support request has arrived.',
    paragraphs: [
      `From: ${request.userFullName ?? '(no name given)'} <${request.userEmail}>, account "${account.username}" <${account.email}>`,
      request.userEmail.toLowerCase() === account.email.toLowerCase()
        ? 'Answer to the address above.'
        : `Answer to ${request.userEmail}, the address given with the request (not the account's).`,
      `Type: ${SUPPORT_TYPE_LABELS[request.type]}. Priority: ${request.priority}.`,
      `Subject: ${request.subject}`,
      request.message,
    ],
    footer: 'Firemark support requests',
  });
}

/** POST /api/support/test-email: proves that mail from this server reaches the account. */
export function testEmail(name: string, supportEmail: string): EmailContent {
  return renderEmail({
    subject: 'Firemark test e-mail',
    greeting: `Hello ${name},`,
    paragraphs: [
      'This is a test e-mail from Firemark. It arrived, so inspection reminders and other messages will reach this address too.',
    ],
    footer: `Firemark - questions? Write to ${supportEmail}`,
  });
}
