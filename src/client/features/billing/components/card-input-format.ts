/** Typing helpers for the card form: digits only, spaced the way the card prints them. */

const MAX_CARD_DIGITS = 19;

const digits = (value: string) => value.replace(/\D/g, '');

/** "4242424242424242" -> "4242 4242 4242 4242". */
export function formatCardNumber(value: string): string {
  return digits(value)
    .slice(0, MAX_CARD_DIGITS)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * "1230" -> "12 / 30". A lone first digit above 1 can only be a month like 04, so it is
 * padded; deleting back over the separator leaves just the month.
 */
export function formatExpiry(value: string, previous = ''): string {
  let d = digits(value).slice(0, 4);
  if (d.length === 1 && d > '1') d = `0${d}`;
  const deletingSeparator = previous.endsWith(' / ') && value.length < previous.length;
  if (d.length <= 2) return d.length === 2 && !deletingSeparator ? `${d} / ` : d;
  return `${d.slice(0, 2)} / ${d.slice(2)}`;
}

/** "12 / 30" -> { month: 12, year: 2030 }, or null when it is not a whole MM / YY. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

export function formatCvc(value: string): string {
  return digits(value).slice(0, 4);
}
