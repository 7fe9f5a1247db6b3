import { z } from 'zod';

/** Which provider bills, chosen once at start (DECISIONS "Billing", docs/decisions/012). */
export type BillingSettings =
  | { provider: 'off' }
  | { provider: 'test' }
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      priceId: string;
      webhookSecret: string;
      /** Stripe test keys: nothing is charged, and the screens say "Test mode". */
      testKeys: boolean;
      /** Another address for Stripe's API (stripe-mock, a test server); Stripe's own when unset. */
      api?: { host: string; port: number; protocol: 'http' | 'https' };
    };

const STRIPE_VARIABLES = {
  STRIPE_SECRET_KEY: 'your secret API key from the Stripe Dashboard (Developers, API keys), sk_test_... or sk_live_...',
  STRIPE_PUBLISHABLE_KEY: 'the publishable key beside it, pk_test_... or pk_live_...',
  STRIPE_PRICE_ID: "the id of Firemark Pro's monthly price in Stripe, price_...",
  STRIPE_WEBHOOK_SECRET: "the signing secret of the webhook endpoint /api/stripe/webhook, whsec_... (or the one `stripe listen` prints)",
} as const;
type StripeVariable = keyof typeof STRIPE_VARIABLES;

const prefixed = (pattern: RegExp, what: string) => z.string().trim().regex(pattern, `must be ${what}`).optional();

/** The variables that choose and configure billing, merged into the environment schema. */
export const billingEnvShape = {
  /** `off` for people hosting Firemark for themselves: every account is Pro. */
  BILLING: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  STRIPE_SECRET_KEY: prefixed(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'a Stripe secret key, sk_test_... or sk_live_... (a restricted rk_ key works too)'),
  STRIPE_PUBLISHABLE_KEY: prefixed(/^pk_(test|live)_[A-Za-z0-9]+$/, 'a Stripe publishable key, pk_test_... or pk_live_...'),
  STRIPE_PRICE_ID: prefixed(/^price_[A-Za-z0-9]+$/, 'the id of a Stripe price, price_...'),
  STRIPE_WEBHOOK_SECRET: prefixed(/^whsec_[A-Za-z0-9+/=]+$/, 'a webhook signing secret, whsec_...'),
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, e.g. http://localhost:12111 for stripe-mock' })
    .optional(),
};

type BillingEnv = z.output<z.ZodObject<typeof billingEnvShape>>;

const mode = (key: string) => (/_test_/.test(key) ? 'test' : 'live');

/**
 * Stripe needs its four variables together: any one set asks for the rest, and each
 * missing one is named. A test secret key goes with a test publishable key.
 */
export function checkBillingEnv(env: BillingEnv, ctx: z.RefinementCtx): void {
  const names = Object.keys(STRIPE_VARIABLES) as StripeVariable[];
  const set = names.filter((name) => env[name] !== undefined);
  if (env.BILLING === 'off') {
    for (const name of [...set, ...(env.STRIPE_API_URL ? ['STRIPE_API_URL'] : [])]) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'is set, but BILLING is off. Unset it, or unset BILLING to bill through Stripe.' });
    }
    return;
  }
  if (set.length === 0) {
    if (env.STRIPE_API_URL) ctx.addIssue({ code: 'custom', path: ['STRIPE_API_URL'], message: 'is set without the Stripe keys. Unset it, or set STRIPE_SECRET_KEY and the rest.' });
    return;
  }
  for (const name of names) {
    if (env[name] === undefined) {
      ctx.addIssue({ code: 'custom', path: [name], message: `is missing: billing through Stripe needs it (${STRIPE_VARIABLES[name]}).` });
    }
  }
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && mode(env.STRIPE_SECRET_KEY) !== mode(env.STRIPE_PUBLISHABLE_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_PUBLISHABLE_KEY'],
      message: `is a ${mode(env.STRIPE_PUBLISHABLE_KEY)} key but STRIPE_SECRET_KEY is a ${mode(env.STRIPE_SECRET_KEY)} key. Take both from the same mode of the Stripe Dashboard.`,
    });
  }
}

export function billingSettings(env: BillingEnv): BillingSettings {
  if (env.BILLING === 'off') return { provider: 'off' };
  if (!env.STRIPE_SECRET_KEY) return { provider: 'test' };
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined;
  return {
    provider: 'stripe',
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
    priceId: env.STRIPE_PRICE_ID!,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    testKeys: mode(env.STRIPE_SECRET_KEY) === 'test',
    ...(api
      ? {
          api: {
            host: api.hostname,
            port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
            protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
          },
        }
      : {}),
  };
}
