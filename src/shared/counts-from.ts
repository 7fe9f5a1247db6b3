import type { CountsFrom } from './schemas/requirement';

/**
 * Words for a requirement counted from installation or manufacture (decision 041): a field
 * test at 50 years, a smoke alarm replaced 10 years after it was made. The day asked for it
 * is that day, not when it was last done; the month and year on the label are enough.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mar 2015" for "2015-03-01". */
export function monthYear(day: string): string {
  return `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
}

/** The field's label where the day asked is not when it was last done: "Installed on", "Manufactured on"; null otherwise. */
export function countsFromFieldLabel(countsFrom: CountsFrom): string | null {
  return countsFrom === 'installation' ? 'Installed on' : countsFrom === 'manufacture' ? 'Manufactured on' : null;
}

/** "Installed Mar 2015", "Manufactured May 2020". */
export function countsFromStated(countsFrom: CountsFrom, day: string): string {
  return `${countsFrom === 'installation' ? 'Installed' : 'Manufactured'} ${monthYear(day)}`;
}

/** What the row says while nobody has given the day: the person reads the label. */
export function countsFromUnknown(countsFrom: CountsFrom): string {
  return `${countsFrom === 'installation' ? 'Installation' : 'Manufacture'} date not known: check the label`;
}
