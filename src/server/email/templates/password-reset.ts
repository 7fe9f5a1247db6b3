import { renderEmail, type EmailContent } from '../layout';

export function passwordResetEmail(input: {
  name: string;
  resetUrl: string;
  minutesValid: number;
  supportEmail: string;
}): EmailContent {
  return renderEmail({
    subject: 'Reset your Firemark password',
    greeting: `Hello ${input.name},`,
    paragraphs: [
      'Someone asked to reset the password of your Firemark account. If it was you, choose a new password with the link below.',
      `The link works once and expires in ${input.minutesValid} minutes.`,
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ],
    action: { label: 'Reset your password', url: input.resetUrl },
    footer: `Firemark - questions? Write to ${input.supportEmail}`,
  });
}
