/**
 * What the view log keeps of a visitor: the browser's family and the system's, e.g. "Chrome on
 * Windows". Enough for a sharer to recognise "the fire marshal opened it on a phone"; never a
 * version, a device model, the address or the user agent itself, which could single a person out.
 * Order matters: most browsers name others in their user agent (Edge says Chrome and Safari).
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Headless)?(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\b(curl|Wget|python-requests|Go-http-client|node-fetch|undici|axios)\b/i, 'Script'],
  [/\b(bot|crawler|spider|preview)\b/i, 'Bot'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (ua: string, table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(ua))?.[1];

export function clientFamily(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, 512);
  const browser = first(ua, BROWSERS);
  const system = first(ua, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return 'Unknown browser';
}
