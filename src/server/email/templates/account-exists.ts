import { renderEmail, type EmailContent } from '../layout';

/**
 * To the owner of an address someone else tried to sign up (or change an account) with. Sign-up
 * answers as if the address were free, so the account's existence is told only to its owner.
 */
export function accountExistsEmail(input: { name: string; loginUrl: string; resetUrl: string; supportEmail: string }): EmailContent {
  return renderEmail({
    subject: 'Someone tried to use your e-mail address on Firemark',
    greeting: `Hello ${input.name},`,
    paragraphs: [
      'Someone tried to create a Firemark account with this address, or to give it to another account. Your address already belongs to your Firemark account, so nothing was changed.',
      `If it was you, sign in or reset your password:\nSign in: ${input.loginUrl}\nReset your password: ${input.resetUrl}`,
      'If it was not you, ignore this e-mail: your account stays as it is.',
    ],
    footer: `Firemark - questions? Write to ${input.supportEmail}`,
  });
}
