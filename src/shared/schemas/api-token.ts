import { z } from 'zod';
import { recordIdField, timestampField } from './response-fields';

/** What a token may do: read only (GET), or read and change. */
export const API_TOKEN_ACCESS = ['read', 'write'] as const;
export type ApiTokenAccess = (typeof API_TOKEN_ACCESS)[number];
export const API_TOKEN_ACCESS_LABELS: Record<ApiTokenAccess, string> = {
  read: 'Read only',
  write: 'Read and write',
};

/** Live (not revoked) tokens an account may hold at once. */
export const MAX_API_TOKENS = 20;

export const createApiTokenSchema = z.object({
  name: z
    .string({ error: 'Name the token, e.g. "Spreadsheet sync"' })
    .trim()
    .min(1, 'Name the token, e.g. "Spreadsheet sync"')
    .max(80, 'Name must be at most 80 characters'),
  access: z.enum(API_TOKEN_ACCESS, { error: 'Choose Read only or Read and write' }),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;

export const apiTokenResponse = z.object({
  id: recordIdField,
  name: z.string(),
  prefix: z.string().describe("The token's first characters, to tell it apart; the token itself is never shown again"),
  access: z.enum(API_TOKEN_ACCESS),
  createdAt: timestampField,
  lastUsedAt: timestampField.nullable(),
});
export type ApiToken = z.infer<typeof apiTokenResponse>;

/** The answer to creating a token: the only time the token itself is sent. */
export const createdApiTokenResponse = apiTokenResponse.extend({
  token: z.string().describe('Send it as `Authorization: Bearer <token>`; shown this once'),
});
export type CreatedApiToken = z.infer<typeof createdApiTokenResponse>;

/**
 * The personal API token something was made with (a webhook, the calendar link), or null when
 * it was made in the app. Revoking the token ends what it made (docs/api.md).
 */
export const madeWithTokenField = z
  .object({
    id: recordIdField,
    name: z.string(),
    prefix: z.string(),
    revoked: z.boolean().describe('True once the token is revoked; what it made stopped then'),
  })
  .nullable()
  .describe('The personal API token it was made with; null when made in the app');
export type MadeWithToken = z.infer<typeof madeWithTokenField>;

/** How Settings names where something came from: "Made with token Zapier (fm_abcd…)" or "Made in the app". */
export const madeWithLabel = (token: MadeWithToken, verb = 'Made'): string =>
  token ? `${verb} with token ${token.name} (${token.prefix}…)` : 'Made in the app';
