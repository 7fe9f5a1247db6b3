import { renderEmail, type EmailContent } from '../layout';

/**
 * The one mail an address that is not the account's own gets before it agrees to more: it
 * says who asks, for what, and that ignoring it is enough.
 */
export function managerInvitationEmail(input: {
  accountName: string;
  accountEmail: string;
  propertyName: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}): EmailContent {
  return renderEmail({
    subject: `Confirm to receive fire-safety alerts for ${input.propertyName}`,
    greeting: 'Hello,',
    paragraphs: [
      `${input.accountName} (${input.accountEmail}) uses Firemark to keep ${input.propertyName} fire-safe and would like to send you compliance alerts and inspection reminders.`,
      'If you want them, confirm with the button below. Every one of them has a one-click unsubscribe link.',
      `If you do not know ${input.accountName} or do not want these e-mails, ignore this message: Firemark sends you nothing more unless you confirm.`,
    ],
    action: { label: 'Confirm', url: input.confirmUrl },
    footer: 'Firemark sent this because a Firemark account lists your address as the manager of a property.',
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
