import { z } from 'zod';

/**
 * The token of a confirm or unsubscribe link. The one-click unsubscribe of mail providers
 * (RFC 8058) sends it in the query; the pages send it in a JSON body.
 */
export const mailTokenSchema = z.object({
  token: z
    .string({ error: 'This link is incomplete. Open the link from the e-mail again.' })
    .trim()
    .min(1, 'This link is incomplete. Open the link from the e-mail again.')
    .max(200, 'This link is not valid.'),
});

export const MAIL_CONSENT_STATUSES = ['invited', 'confirmed', 'unsubscribed'] as const;
export type MailConsentStatus = (typeof MAIL_CONSENT_STATUSES)[number];

/** What a confirm or unsubscribe page shows the person who got the e-mail. */
export const mailConsentInfoResponse = z.object({
  status: z.enum(MAIL_CONSENT_STATUSES),
  address: z.string(),
  accountName: z.string(),
  accountEmail: z.string(),
  propertyNames: z.array(z.string()).describe("The account's properties this address manages, by name (a few at most)"),
});
export type MailConsentInfo = z.infer<typeof mailConsentInfoResponse>;

/**
 * The manager address of a property as its owner sees it: `own` is the account's own
 * address (never asked); `not_invited` has not been asked yet.
 */
export const MANAGER_MAIL_STATES = ['own', 'not_invited', ...MAIL_CONSENT_STATUSES] as const;
export type ManagerMailState = (typeof MANAGER_MAIL_STATES)[number];

export const managerMailResponse = z.object({
  address: z.string(),
  state: z.enum(MANAGER_MAIL_STATES),
  invitedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  canInviteFrom: z.string().nullable().describe('When "Send invitation again" becomes possible; null when it is possible now or never needed'),
});
export type ManagerMail = z.infer<typeof managerMailResponse>;
