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

export type MailConsentStatus = 'invited' | 'confirmed' | 'unsubscribed';

/** What a confirm or unsubscribe page shows the person who got the e-mail. */
export interface MailConsentInfo {
  status: MailConsentStatus;
  address: string;
  accountName: string;
  accountEmail: string;
  /** The account's properties this address manages, by name (a few at most). */
  propertyNames: string[];
}

/**
 * The manager address of a property as its owner sees it: `own` is the account's own
 * address (never asked); `not_invited` has not been asked yet.
 */
export type ManagerMailState = 'own' | 'not_invited' | MailConsentStatus;

export interface ManagerMail {
  address: string;
  state: ManagerMailState;
  invitedAt: string | null;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  /** When "Send invitation again" becomes possible; null when it is possible now or never needed. */
  canInviteFrom: string | null;
}
