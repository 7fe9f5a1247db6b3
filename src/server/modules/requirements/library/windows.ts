import type { LibraryEntry } from './entry';

/**
 * NFPA 25's frequencies are windows, not days (NFPA 25 (2020) 3.7.1, "Frequency. Minimum and
 * maximum time between events", as reproduced by the National Fire Sprinkler Association:
 * quarterly "a minimum interval of 2 months and a maximum of 4 months", semiannual 4 to 8,
 * annual 9 to 15). Checked against that reproduction of the 2020 edition; that the 2023
 * edition keeps the same definitions is a reading, not a quotation. Monthly ("once per calendar
 * month") and weekly ("once per calendar week") are calendar periods, not windows, and are kept
 * as plain intervals. A row of an NFPA 25 item takes its window with `nfpa25Window(months)`.
 */
const NFPA_25_WINDOWS: Record<number, NonNullable<LibraryEntry['window']>> = {
  3: { beforeMonths: 1, afterMonths: 1 },
  6: { beforeMonths: 2, afterMonths: 2 },
  12: { beforeMonths: 3, afterMonths: 3 },
};

/** The window NFPA 25 gives an interval of `months`, or undefined where it gives none. */
export const nfpa25Window = (months: number): LibraryEntry['window'] => NFPA_25_WINDOWS[months];
