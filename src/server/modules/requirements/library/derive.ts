import type { InspectionType } from '@shared/enums';
import type { LibraryEntry } from './entry';

/**
 * Another code set's rows for the same activities: the same keys, intervals, conditions and
 * windows (so a change of set maps requirements one to one), with the source the set cites.
 * Where a set enforces a standard through another document (the National Fire Code's NFPA 25,
 * CMS's 2012 Life Safety Code's NFPA 10), the activity is the standard's in that edition.
 */
export function withSources(entries: readonly LibraryEntry[], source: (entry: LibraryEntry) => string | null): LibraryEntry[] {
  return entries.flatMap((entry) => {
    const cited = source(entry);
    return cited === null ? [] : [{ ...entry, source: cited }];
  });
}

/** The rows of these item types whose source is this standard (e.g. "NFPA 25"), with the rest of the source after its edition. */
export function citing(entries: readonly LibraryEntry[], standard: string, types: readonly InspectionType[]): { entry: LibraryEntry; section: string }[] {
  const pattern = new RegExp(`^${standard.replace(/ /g, '\\s')} \\(\\d{4}\\) (.+)$`);
  return entries.flatMap((entry) => {
    const match = types.includes(entry.itemType) ? pattern.exec(entry.source) : null;
    return match ? [{ entry, section: match[1]! }] : [];
  });
}

/**
 * For the safety items a set has no confirmed rows for: one annual inspection, sourced as
 * Firemark's default (as "Other" is), so the item can still be added and scheduled; the
 * property adds what its fire official asks as requirements of its own. It takes the key of
 * the principal row `keysFrom` has for the type (us-nfpa's): a property moving from there
 * keeps the requirement its inspections counted for, with its history, at the new interval.
 */
export function annualDefaults(codeSet: string, entries: readonly LibraryEntry[], types: readonly InspectionType[], keysFrom: readonly LibraryEntry[]): LibraryEntry[] {
  const covered = new Set(entries.map((e) => e.itemType));
  return types
    .filter((type) => !covered.has(type))
    .map((type) => ({
      key: keysFrom.find((e) => e.itemType === type && e.principal)?.key ?? `${type}.annual-inspection`,
      itemType: type,
      activity: 'Annual inspection',
      interval: { months: 12 },
      source: `Firemark default (no ${codeSet} section confirmed)`,
      principal: true,
    }));
}
