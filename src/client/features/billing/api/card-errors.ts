import { isApiError, serverMessage } from '@/lib/api';
import { toast } from '@/components/ui/use-toast';

/** The card form's fields, by the names the provider's field errors use. */
export type CardField = 'number' | 'expiry' | 'cvc';

const FIELD_OF: Record<string, CardField> = {
  'card.number': 'number',
  'card.expMonth': 'expiry',
  'card.expYear': 'expiry',
  'card.cvc': 'cvc',
};

/** The provider's complaints about the card, one message per form field. */
export function cardFieldErrors(error: unknown): Partial<Record<CardField, string>> {
  const result: Partial<Record<CardField, string>> = {};
  if (!isApiError(error) || error.status !== 400) return result;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const field = FIELD_OF[key];
    const message = messages[0];
    if (field && message && !result[field]) result[field] = message;
  }
  return result;
}

/** SPEC 8, "Payment form": a wrong detail, a refused card, or anything else. */
export function toastCardError(error: unknown): void {
  if (isApiError(error) && error.status === 400) {
    const first = Object.values(cardFieldErrors(error))[0];
    toast({
      variant: 'destructive',
      title: 'Invalid Payment Details',
      description: first ?? serverMessage(error, 'Please check your card details and try again.'),
    });
  } else if (isApiError(error) && error.status === 402) {
    toast({ variant: 'destructive', title: 'Payment Failed', description: serverMessage(error, 'Your card was declined.') });
  } else {
    toast({
      variant: 'destructive',
      title: 'Payment Error',
      description: serverMessage(error, 'Your payment could not be processed. Please try again.'),
    });
  }
}
