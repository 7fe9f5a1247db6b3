import { z } from 'zod';
import { accessRules, memberRoleField, propertyIdsField } from './member';
import { recordIdField, timestampField } from './response-fields';

/** How long an invitation link works, from when it was (re)sent. */
export const INVITATION_DAYS = 7;

/** POST /api/organizations/current/invitations. */
export const invitationCreateSchema = z
  .object({
    email: z
      .string({ error: 'Enter an e-mail address such as name@example.com' })
      .trim()
      .max(254, 'E-mail must be at most 254 characters')
      .pipe(z.email({ error: 'Enter an e-mail address such as name@example.com' })),
    role: memberRoleField,
    propertyIds: propertyIdsField.default(null),
  })
  .superRefine(accessRules);
export type InvitationCreateInput = z.input<typeof invitationCreateSchema>;
export type InvitationCreateValues = z.output<typeof invitationCreateSchema>;

/** An invitation not accepted or revoked: pending, or expired (a resend makes it pending again). */
export const invitationResponse = z.object({
  id: recordIdField,
  email: z.string(),
  role: memberRoleField,
  propertyIds: z.array(recordIdField).nullable().describe('The properties it gives; null for every property'),
  invitedBy: z.string().nullable().describe("The inviter's name, or null once their account is gone"),
  status: z.enum(['pending', 'expired']),
  expiresAt: timestampField,
  lastSentAt: timestampField,
  createdAt: timestampField,
});
export type Invitation = z.infer<typeof invitationResponse>;

export const INVITATION_STATUSES = ['pending', 'expired', 'revoked', 'accepted'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** GET /api/invitations/{token}: what the accept page shows anyone holding the link. */
export const invitationPreviewResponse = z.object({
  organizationName: z.string(),
  role: memberRoleField,
  invitedBy: z.string().nullable(),
  email: z.string().describe('The address invited, partly hidden (r***@example.com)'),
  status: z.enum(INVITATION_STATUSES),
  expiresAt: timestampField,
});
export type InvitationPreview = z.infer<typeof invitationPreviewResponse>;

/** POST /api/invitations/{token}/accept: the organisation joined, now the session's organisation in use. */
export const invitationAcceptedResponse = z.object({
  organizationId: recordIdField,
  organizationName: z.string(),
  role: memberRoleField,
});
export type InvitationAccepted = z.infer<typeof invitationAcceptedResponse>;

/** "r***@example.com": enough to know which address to sign in with, not the whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
