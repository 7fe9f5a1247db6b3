import type { FastifyRequest } from 'fastify';

/** What the security plugin needs to know of Stripe, without loading the Stripe library. */

/** Where Stripe posts its webhook events (stripe-webhook.ts). */
export const WEBHOOK_PATH = '/api/stripe/webhook';

/**
 * Exempt from the Origin and JSON-only rules (plugins/security.ts): Stripe posts its webhook
 * events server to server, with no Origin and its own content type, and signs each one; the
 * route checks that signature before anything else (stripe-webhook.ts). The route exists
 * only while Stripe bills.
 */
export const isSignedWebhook = (request: FastifyRequest): boolean => request.method === 'POST' && request.routeOptions.url === WEBHOOK_PATH;

/**
 * The hosts Stripe's integration security guide lists for Stripe.js in a Content Security
 * Policy (docs.stripe.com/security/guide, "Content Security Policy"): the script and its
 * frames from js.stripe.com (and its subdomains), 3-D Secure and redirects through
 * hooks.stripe.com, calls to api.stripe.com. The guide's maps.googleapis.com is left out:
 * it serves the Address Element's autocomplete, which Firemark does not use.
 */
export const STRIPE_CSP = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
};
