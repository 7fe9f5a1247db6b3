import type { Appearance } from '@stripe/stripe-js';

/** The Payment Element in Firemark's colours (it draws in its own frame). */
export const STRIPE_APPEARANCE: Appearance = {
  theme: 'stripe',
  variables: { colorPrimary: '#b91c1c', colorDanger: '#b91c1c', borderRadius: '6px', spacingUnit: '4px' },
};
