import { z } from 'zod';
import type { CardDetails } from '../api/billing-types';
import { parseExpiry } from './card-input-format';

const digitCount = (value: string) => value.replace(/\D/g, '').length;

/**
 * Only what a person can see is wrong before sending: missing or short entries. Whether the
 * number is real, the date is past or the card is refused is the provider's to say, and its
 * answer is shown on the same fields.
 */
export const cardFormSchema = z.object({
  number: z.string().superRefine((value, ctx) => {
    const count = digitCount(value);
    if (count === 0) ctx.addIssue({ code: 'custom', message: 'Enter your card number.' });
    else if (count < 12) ctx.addIssue({ code: 'custom', message: 'Your card number is incomplete.' });
  }),
  expiry: z.string().superRefine((value, ctx) => {
    const expiry = parseExpiry(value);
    if (!expiry) ctx.addIssue({ code: 'custom', message: 'Enter the expiry date as MM / YY.' });
    else if (expiry.month < 1 || expiry.month > 12) ctx.addIssue({ code: 'custom', message: 'Enter a valid expiry month' });
  }),
  cvc: z.string().regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});

export type CardFormValues = z.infer<typeof cardFormSchema>;

export const EMPTY_CARD: CardFormValues = { number: '', expiry: '', cvc: '' };

/** The form's values as the provider takes them; only called on values the schema passed. */
export function toCardDetails(values: CardFormValues): CardDetails {
  const expiry = parseExpiry(values.expiry)!;
  return { number: values.number, expMonth: expiry.month, expYear: expiry.year, cvc: values.cvc };
}
