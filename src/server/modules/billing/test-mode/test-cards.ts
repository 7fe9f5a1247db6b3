/**
 * The built-in test-mode provider (DECISIONS "Billing") answers cards as Stripe's test mode
 * does: its documented test numbers succeed or fail as documented, anything else is refused,
 * so no real card number is ever taken in.
 */
const OUTCOMES: Record<string, { brand: string; decline?: string }> = {
  '4242424242424242': { brand: 'visa' },
  '4000056655665556': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '2223003122003222': { brand: 'mastercard' },
  '5200828282828210': { brand: 'mastercard' },
  '378282246310005': { brand: 'amex' },
  '371449635398431': { brand: 'amex' },
  '6011111111111117': { brand: 'discover' },
  '4000000000000002': { brand: 'visa', decline: 'Your card was declined.' },
  '4000000000009995': { brand: 'visa', decline: 'Your card has insufficient funds.' },
  '4000000000000069': { brand: 'visa', decline: 'Your card has expired.' },
  '4000000000000127': { brand: 'visa', decline: "Your card's security code is incorrect." },
};

/** Luhn's checksum, which every card number carries. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardOutcome = { ok: true; brand: string } | { ok: false; message: string };

export function testCardOutcome(number: string): CardOutcome {
  const known = OUTCOMES[number];
  if (!known) {
    return { ok: false, message: 'Your card was declined. This server takes test cards only, such as 4242 4242 4242 4242.' };
  }
  return known.decline ? { ok: false, message: known.decline } : { ok: true, brand: known.brand };
}
