/**
 * Lighthouse's mobile performance score (0-100) and LCP of the landing page and of a
 * signed-in dashboard, in Debian's Chromium. A score is only meaningful on a quiet machine.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium';

export async function measureLighthouse(baseUrl: string, cookie: string): Promise<Record<string, number | string>> {
  const chromePath = findChromium();
  if (!chromePath) return { 'Lighthouse': 'skipped: no Chromium (apt-get install -y chromium, or set CHROME_PATH)' };
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  const results: Record<string, number | string> = {};
  try {
    for (const [label, url, headers] of [
      ['landing /', `${baseUrl}/`, undefined],
      ['dashboard /dashboard', `${baseUrl}/dashboard`, { cookie }],
    ] as const) {
      // Lighthouse's defaults: mobile form factor, simulated slow 4G and a 4x slower CPU.
      const run = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: headers });
      if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
      results[`Lighthouse mobile performance, ${label} (0-100)`] = Math.round((run.lhr.categories.performance?.score ?? 0) * 100);
      results[`Lighthouse LCP, ${label} (ms)`] = Math.round(run.lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
    }
  } finally {
    chrome.kill();
  }
  return results;
}
