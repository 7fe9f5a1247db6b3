import { currentTimeZoneName } from '@shared/dates';

/**
 * Every IANA zone the browser knows, by its current name ("Asia/Kolkata", not the "Asia/Calcutta"
 * ICU still lists), with the account's own kept even if the list lacks it (e.g. "UTC").
 */
export function timeZoneOptions(current: string | undefined): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set(zones.map(currentTimeZoneName));
  all.add('UTC');
  if (current) all.add(currentTimeZoneName(current));
  return [...all].sort((a, b) => a.localeCompare(b));
}
