import { ERROR_CODES } from '@shared/api-error';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findBillingCustomer } from './account-plan.queries';
import type { BillingProvider } from './billing-provider';

export const BILLING_NOT_ENDED =
  'The organisation was not deleted: its Pro subscription could not be cancelled, because our payment provider cannot be reached. Nothing was deleted and nothing more will be charged by this attempt. Please try again in a few minutes.';

/**
 * Ends the organisation's paid subscription at once, before the organisation is deleted: once
 * its rows are gone nobody could cancel it, and Stripe would go on charging the card. No
 * subscription, or one already cancelled, is nothing to do. Any other failure (Stripe down) is
 * a 503 that says nothing was deleted, so the caller stops there. The Stripe customer and its
 * invoices stay in Stripe, the bookkeeping record of what was paid.
 */
export async function endBillingNow(provider: BillingProvider, db: DbOrTx, organizationId: number, now = new Date()): Promise<'cancelled' | 'nothing'> {
  if (provider.config.provider === 'off') return 'nothing';
  const customer = await findBillingCustomer(db, organizationId);
  try {
    await provider.cancelSubscription(customer, true, now);
    return 'cancelled';
  } catch (error) {
    // "No active subscription" (404) and "Subscription already cancelled" (409).
    if (error instanceof AppError && (error.code === ERROR_CODES.notFound || error.code === ERROR_CODES.conflict)) return 'nothing';
    throw Object.assign(new AppError(ERROR_CODES.unavailable, BILLING_NOT_ENDED), { cause: error });
  }
}
