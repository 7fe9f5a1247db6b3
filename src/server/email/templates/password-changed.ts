import { renderEmail, type EmailContent } from '../layout';

/**
 * Sent when the password was changed in Settings or reset by link. It names the personal API
 * tokens revoked with it, so the owner knows which integrations need a new token.
 */
export function passwordChangedEmail(input: {
  name: string;
  how: 'changed' | 'reset';
  revokedTokens: { name: string; prefix: string }[];
  settingsUrl: string;
  supportEmail: string;
}): EmailContent {
  const tokens = input.revokedTokens;
  const revoked =
    tokens.length === 0
      ? []
      : [
          `${tokens.length === 1 ? 'This API token was' : `These ${tokens.length} API tokens were`} revoked with it, and the webhooks and calendar link made with them were stopped:\n${tokens.map((t) => `- ${t.name} (${t.prefix}…)`).join('\n')}`,
          'Integrations that used them need a new token from Settings, API tokens.',
        ];
  return renderEmail({
    subject: 'Your Firemark password was changed',
    greeting: `Hello ${input.name},`,
    paragraphs: [
      input.how === 'reset'
        ? 'The password of your Firemark account was just reset with a link sent to this address. Every device was signed out.'
        : 'The password of your Firemark account was just changed in Settings. Other devices were signed out.',
      ...revoked,
      `If this was not you, reset your password at once and write to ${input.supportEmail}.`,
    ],
    action: { label: 'Open Settings', url: input.settingsUrl },
    footer: `Firemark - questions? Write to ${input.supportEmail}`,
  });
}
