import type { CreatedSubscription } from '../api/billing-types';

/** What a finished payment form hands back: the payment taken, or the card saved for a trial's end. */
export interface Paid {
  kind: 'payment' | 'setup';
  id: string;
}

/** What the two card forms (test mode's, Stripe's Payment Element) are given. */
export interface CardFormProps {
  /** The subscription waiting for its first payment; undefined until it has been created. */
  created: CreatedSubscription | undefined;
  loading: boolean;
  loadFailed: boolean;
  onRetryLoad: () => void;
  onClose: () => void;
  onPaid: (paid: Paid) => void;
  /** The form is named by the card's title. */
  titleId: string;
}

export const NOT_READY = 'Payment form not ready. Please wait and try again.';
export const LOAD_FAILED = 'Failed to load payment form. Please refresh and try again.';
