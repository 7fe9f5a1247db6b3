/**
 * Lighthouse's mobile performance score (0-100) and LCP of the landing page and of a
 * signed-in dashboard, in Debian's Chromium. A score is only meaningful on a quiet machine,
 * and even there one run differs from the next by ten points or more on two cores (the
 * simulated 4x slower CPU multiplies whatever else the machine does); so each page is measured
 * LIGHTHOUSE_RUNS times (default 5, as Lighthouse's documentation advises for variance) and
 * the median is reported with the range. Each run first waits for the machine to be quiet, and
 * how busy it still was is reported beside the score.
 */
import { readFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const summary = (values: number[]) => `${median(values)} (${Math.min(...values)}-${Math.max(...values)})`;

/** Busy and total CPU time of the whole machine so far, from /proc/stat (Linux). */
function cpuTimes(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/u).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  // idle and iowait are the machine waiting; everything else is work.
  return { busy: total - fields[3]! - fields[4]!, total };
}

const QUIET_PERCENT = 10;
const QUIET_WAIT_S = 60;

/**
 * Waits (a second at a time, at most a minute) until the machine's CPUs are at most 10 % busy
 * over one second, and returns how busy they were in that last second. The score's goal holds
 * "on a quiet machine": a run that starts while PostgreSQL checkpoints after a load test, or
 * the server sweeps reminders, measures them instead of the page.
 */
export async function waitForQuiet(): Promise<number> {
  let percent = 100;
  for (let second = 0; second < QUIET_WAIT_S; second++) {
    const before = cpuTimes();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = cpuTimes();
    percent = Math.round((100 * (after.busy - before.busy)) / Math.max(1, after.total - before.total));
    if (percent <= QUIET_PERCENT) break;
  }
  return percent;
}

/**
 * One Lighthouse run with its defaults: mobile form factor, simulated slow 4G and a 4x slower CPU.
 * `disableStorageReset` keeps what the browser holds for the site (its service worker, its kept
 * files) between runs, as on a phone where the app was opened before (bench/pwa.ts).
 */
export async function runLighthouse(port: number, url: string, headers?: Record<string, string>, flags: { disableStorageReset?: boolean } = {}) {
  const run = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: headers, ...flags });
  if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
  const metric = (id: string) => Math.round(run.lhr.audits[id]?.numericValue ?? 0);
  return {
    score: Math.round((run.lhr.categories.performance?.score ?? 0) * 100),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
  };
}

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
      const scores: number[] = [];
      const lcps: number[] = [];
      const busy: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        busy.push(await waitForQuiet());
        const { score, lcp } = await runLighthouse(chrome.port, url, headers);
        scores.push(score);
        lcps.push(lcp);
      }
      results[`Lighthouse mobile performance, ${label} (median of ${RUNS}, range)`] = summary(scores);
      results[`Lighthouse LCP, ${label} (ms, median of ${RUNS}, range)`] = summary(lcps);
      results[`Lighthouse, ${label}: CPUs busy in the second before each run (%, median, range)`] = summary(busy);
    }
  } finally {
    chrome.kill();
  }
  return results;
}
