import Stripe from 'stripe';
import { ERROR_CODES } from '@shared/api-error';
import { AppError, notFound } from '../../../errors';

const UNAVAILABLE =
  'Billing is unavailable right now: our payment provider cannot be reached. Your plan and data are unaffected. Please try again in a few minutes.';

/**
 * Runs a call to Stripe and turns its failures into answers a person can act on. Stripe
 * being down, slow or refusing our key is a 503 on that billing call alone (and a line in
 * the log); a refused card is a 402 with Stripe's own words; an object Stripe does not
 * know is a 404.
 */
export async function stripeCall<T>(work: () => Promise<T>, missing = 'Not found'): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translate(error, missing);
  }
}

function translate(error: unknown, missing: string): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeCardError) return new AppError(ERROR_CODES.cardDeclined, error.message);
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return notFound(missing);
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    return Object.assign(new AppError(ERROR_CODES.unavailable, UNAVAILABLE), { cause: error });
  }
  // Anything else is a mistake on our side (a bad parameter): a 500, logged in full.
  return error;
}
