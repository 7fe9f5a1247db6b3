import { z } from 'zod';

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

export interface WebhookEndpoint {
  id: number;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** ISO time since deliveries keep failing, or null while the endpoint answers. */
  failingSince: string | null;
  consecutiveFailures: number;
  createdAt: string;
}

/** Create and rotate answer with the secret: the only time it is shown. */
export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  secret: string;
}

export interface WebhookDelivery {
  id: number;
  eventType: WebhookEventType | 'ping';
  eventId: string;
  attempts: number;
  /** delivered, pending (waiting for its next attempt) or failed (gave up). */
  status: 'delivered' | 'pending' | 'failed';
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}
