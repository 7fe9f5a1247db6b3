import { ROLE_DESCRIPTIONS, ROLE_LABELS, type Role } from '@shared/permissions';
import { renderEmail, type EmailContent } from '../layout';

/**
 * An invitation to join an organisation: who asks, for which organisation and role, and that
 * ignoring it is enough. The link works once, for `daysValid` days.
 */
export function memberInvitationEmail(input: {
  inviterName: string;
  inviterEmail: string;
  organizationName: string;
  role: Role;
  /** How many properties it gives; null for all of them. */
  propertyCount: number | null;
  acceptUrl: string;
  daysValid: number;
  supportEmail: string;
}): EmailContent {
  const role = ROLE_LABELS[input.role];
  const reach =
    input.propertyCount === null
      ? 'all of its properties'
      : `${input.propertyCount === 1 ? 'one of its properties' : `${input.propertyCount} of its properties`}, chosen for you`;
  return renderEmail({
    subject: `${input.inviterName} invited you to join ${input.organizationName} on Firemark`,
    greeting: 'Hello,',
    paragraphs: [
      `${input.inviterName} (${input.inviterEmail}) invited you to join ${input.organizationName} on Firemark as ${/^[AEIOU]/.test(role) ? 'an' : 'a'} ${role}, with ${reach}.`,
      `${role}: ${ROLE_DESCRIPTIONS[input.role]}`,
      `Open the link below to join. It works once and is valid for ${input.daysValid} days. If you have no Firemark account yet, you can create one there with this e-mail address.`,
      `If you do not know ${input.inviterName} or did not expect this invitation, ignore this e-mail: nothing happens unless you accept.`,
    ],
    action: { label: `Join ${input.organizationName}`, url: input.acceptUrl },
    footer: `Firemark sent this because a member of ${input.organizationName} invited this address. Questions? Write to ${input.supportEmail}`,
  });
}
