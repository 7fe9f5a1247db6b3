import { renderEmail, type EmailContent } from '../layout';

/**
 * The link that proves an account reads mail at its address. It carries nothing the person
 * signing up typed (not even a name): anyone can make Firemark send it to any address, so it
 * must be worth nothing to someone sending unwanted mail.
 */
export function emailConfirmationEmail(input: { confirmUrl: string; hoursValid: number; supportEmail: string }): EmailContent {
  return renderEmail({
    subject: 'Confirm your e-mail address for Firemark',
    greeting: 'Hello,',
    paragraphs: [
      'A Firemark account was given this e-mail address. Confirm that it is yours with the link below; until then Firemark sends it no reminders, alerts or reports.',
      `The link works once and expires in ${input.hoursValid} hours.`,
      'If you did not create a Firemark account, ignore this e-mail: the address stays unconfirmed and receives nothing more.',
    ],
    action: { label: 'Confirm your e-mail address', url: input.confirmUrl },
    footer: `Firemark - questions? Write to ${input.supportEmail}`,
  });
}
