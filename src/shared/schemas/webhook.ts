import { z } from 'zod';
import { madeWithTokenField } from './api-token';
import { countField, recordIdField, timestampField } from './response-fields';

export const WEBHOOK_EVENTS = ['inspection.completed', 'inspection.overdue', 'deficiency.opened', 'report.generated'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'inspection.completed': 'An inspection is completed',
  'inspection.overdue': 'An inspection becomes overdue',
  'deficiency.opened': 'A deficiency is recorded',
  'report.generated': 'A report is generated',
};

/** Endpoints an account may register. */
export const WEBHOOK_ENDPOINT_LIMIT = 10;

/** Shown on a webhook turned off because the personal API token that made it was revoked. */
export const STOPPED_BY_REVOCATION = 'Stopped: the token that made it was revoked';

const HTTPS_MESSAGE = 'Enter an https:// address, e.g. https://example.com/firemark';

/**
 * The address's form; the server also refuses plain http and checks where the host resolves
 * (only public addresses are called).
 */
const urlSchema = z
  .string({ error: HTTPS_MESSAGE })
  .trim()
  .min(1, HTTPS_MESSAGE)
  .max(2000, 'Use an address of at most 2000 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, HTTPS_MESSAGE)
  .refine((value) => {
    try {
      const url = new URL(value);
      return !url.username && !url.password;
    } catch {
      return true;
    }
  }, 'Remove the user name and password from the address; use the signing secret to check requests instead');

export const webhookInputSchema = z.object({
  url: urlSchema,
  description: z.string().trim().max(200, 'Use at most 200 characters').optional().default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: 'Choose events from the list' }), { error: 'Choose at least one event' })
    .min(1, 'Choose at least one event')
    .transform((events) => [...new Set(events)]),
  enabled: z.boolean().optional().default(true),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;
export type WebhookValues = z.output<typeof webhookInputSchema>;

export const webhookEndpointResponse = z.object({
  id: recordIdField,
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  failingSince: timestampField.nullable().describe('Since when deliveries keep failing; null while the endpoint answers'),
  consecutiveFailures: countField,
  createdByToken: madeWithTokenField,
  stoppedReason: z.string().nullable().describe('Why Firemark turned the webhook off, e.g. the token that made it was revoked; null otherwise'),
  createdAt: timestampField,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointResponse>;

/** Create and rotate answer with the secret: the only time it is shown. */
export const webhookEndpointWithSecretResponse = webhookEndpointResponse.extend({
  secret: z.string().describe('Signs every delivery (docs/webhooks.md); shown this once'),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretResponse>;

export const webhookDeliveryResponse = z.object({
  id: recordIdField,
  eventType: z.enum([...WEBHOOK_EVENTS, 'ping']),
  eventId: z.string(),
  attempts: countField,
  status: z.enum(['delivered', 'pending', 'failed']).describe('delivered, pending (waiting for its next attempt) or failed (gave up)'),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: timestampField.nullable(),
  deliveredAt: timestampField.nullable(),
  createdAt: timestampField,
});
export type WebhookDelivery = z.infer<typeof webhookDeliveryResponse>;
