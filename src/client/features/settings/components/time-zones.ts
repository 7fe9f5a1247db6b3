/** Every IANA zone the browser knows, with the current one kept even if the list lacks it (e.g. "UTC"). */
export function timeZoneOptions(current: string | undefined): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set(zones);
  all.add('UTC');
  if (current) all.add(current);
  return [...all].sort((a, b) => a.localeCompare(b));
}
