/** What the security plugin needs to know of Stripe, without loading the Stripe library. */

/** Where Stripe posts its webhook events (stripe-webhook.ts). */
export const WEBHOOK_PATH = '/api/stripe/webhook';

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
