import type { LibraryEntry } from '../entry';

/** Anything else: no standard behind it, an annual inspection. */
export const other: readonly LibraryEntry[] = [
  { key: 'other.annual-inspection', itemType: 'other', activity: 'Annual inspection', interval: { months: 12 }, source: 'Firemark default', principal: true },
];
