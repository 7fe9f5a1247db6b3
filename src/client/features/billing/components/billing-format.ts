import { formatDate } from '@/lib/format-date';

/** 2900, 'usd' -> "$29.00 USD": the amount in the currency's own symbol, then its code. */
export function formatAmount(cents: number, currency: string): string {
  const code = currency.toUpperCase();
  let text: string;
  try {
    text = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(cents / 100);
  } catch {
    // A code the browser does not know still reads sensibly.
    text = (cents / 100).toFixed(2);
  }
  return `${text} ${code}`;
}

/** The provider's epoch seconds as "Mar 5, 2024". */
export function formatEpochDate(seconds: number): string {
  return formatDate(new Date(seconds * 1000));
}
