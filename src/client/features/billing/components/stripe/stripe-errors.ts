import type { StripeError } from '@stripe/stripe-js';
import { toast } from '@/components/ui/use-toast';

/**
 * SPEC 8, "Payment form", for Stripe.js's answers: details the Payment Element does not
 * accept, a card the bank refused (3-D Secure failed included), or anything else. Stripe's
 * own message is shown; it is written for the person paying.
 */
export function toastStripeError(error: StripeError): void {
  if (error.type === 'validation_error') {
    toast({ variant: 'destructive', title: 'Invalid Payment Details', description: error.message ?? 'Please check your card details and try again.' });
  } else if (error.type === 'card_error') {
    toast({ variant: 'destructive', title: 'Payment Failed', description: error.message ?? 'Your card was declined.' });
  } else {
    toast({ variant: 'destructive', title: 'Payment Error', description: error.message ?? 'Your payment could not be processed. Please try again.' });
  }
}
