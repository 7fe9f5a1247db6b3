import type { LibraryEntry } from './entry';

/**
 * NFPA 25's rows as an edition before 2020 asks them, for the sets that enforce one (us-cms:
 * 2011, ca-on: 2014, ca-nfc: 2017). Two differences from the current rows:
 * - no window: the windows (library/windows.ts) come from the frequency definitions the 2020
 *   edition added (3.7); the older editions give the interval only, so the row is due one
 *   interval after it was done, as a row without a window is;
 * - dry sprinklers are field-tested at 10 years, then every 10: the 2020 edition moved the first
 *   test to 15 years ("In previous editions of NFPA 25, dry sprinklers were expected to be
 *   replaced or tested 10 years after installation", Dyne Fire Protection Labs, "Sprinkler
 *   testing frequency changes", August 2020; the American Fire Sprinkler Association's informal
 *   interpretation of the 2011 edition says the same). The older editions' own text was not
 *   checked here.
 * Section numbers stay the current edition's, a reading for the older one
 * (docs/compliance-schedule.md, "What each set was checked against").
 */
const DRY_FIELD_TEST = 'sprinkler_system.sprinkler-field-test-dry';
const FIFTEEN_YEARS = 180;

const isFifteenYears = (value: unknown) =>
  typeof value === 'object' && value !== null && 'months' in value && (value as { months: unknown }).months === FIFTEEN_YEARS;

export function nfpa25BeforeEdition2020(entry: LibraryEntry, edition: number): LibraryEntry {
  if (edition >= 2020) return entry;
  const { window: _window, ...rest } = entry;
  if (entry.key !== DRY_FIELD_TEST) return rest;
  // Every 15-year period of the row (its interval, and the first test where the row gives one) is 10 years.
  const tenYears = Object.fromEntries(Object.entries(entry).filter(([, v]) => isFifteenYears(v)).map(([k]) => [k, { months: 120 }]));
  return {
    ...rest,
    ...tenYears,
    activity: 'Dry sprinkler field test at 10 years',
    note: 'Dry sprinklers, 10 years after installation, then every 10 years',
  };
}
