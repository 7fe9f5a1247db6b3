/**
 * Issue 33: "Lighthouse (mobile) on the installed app: the manifest and service worker are
 * recognised, and the walk-through opens offline in under a second after the first visit".
 * Lighthouse 12 has no PWA category any more; Chrome's own verdict, the DevTools protocol's
 * Page.getAppManifest and Page.getInstallabilityErrors (what its Install app menu item uses),
 * says whether the app can be installed. In Debian's Chromium, each in a profile of its own
 * (never a private window, from which Chrome offers no installing):
 * - installability: the signed-in dashboard visited once, the service worker in control;
 * - Lighthouse's mobile performance of the dashboard with the app installed: its worker and
 *   its kept files stay between runs (Lighthouse's storage reset off), as on a phone that has
 *   opened Firemark before; LIGHTHOUSE_RUNS runs (default 5), median and range;
 * - the walk-through of bench/walk-draw.ts (500 devices, 375 px, CPU slowed 4 times) opened
 *   once online, then with the network off, RUNS (default 5) times in a new tab: navigation to
 *   the first screenful drawn and answering taps (the rows filling the 812 px viewport shown and
 *   painted, then the first row's Pass enabled and a message to the page answered within a
 *   frame; walk-draw.ts's marksScript says how), and navigation to every row drawn (in the
 *   document). It needs the app's persisted cache of the walk (docs/offline.md, "What works
 *   offline"); where the walk does not open offline, the figure says what showed instead.
 * Part of `npm run bench`; alone, `node --import tsx bench/pwa.ts [checkout]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium';
import { embeddedDatabaseUrl, signUp } from './accounts';
import { runLighthouse, summary, waitForQuiet } from './lighthouse';
import { startServer } from './server-process';
import { marksScript, openWalk } from './walk-draw';

const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const RUNS = Number(process.env.RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const OPEN_TIMEOUT_MS = 30_000;

/** Waits until the page's service worker is active and controls it (it installs once the page is idle). */
async function workerInControl(page: Page): Promise<void> {
  // Installing fetches the whole build (about 2 MB before compression); on a loaded machine that takes a while.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 180_000, polling: 250 });
}

async function addCookie(context: BrowserContext, baseUrl: string, cookie: string) {
  const [name, ...value] = cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: baseUrl }]);
}

/** Chrome's verdict on installing, and Lighthouse's mobile performance of the installed app's dashboard. */
async function installedDashboard(baseUrl: string, cookie: string, chromePath: string): Promise<Record<string, number | string>> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  const results: Record<string, number | string> = {};
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0]!;
    await addCookie(context, baseUrl, cookie);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/dashboard`);
    await workerInControl(page);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    results['installable app: web app manifest found, errors (Page.getAppManifest)'] = `${manifest.url ? new URL(manifest.url).pathname : 'none'}, ${manifest.errors.length ? manifest.errors.map((e) => e.message).join('; ') : 'no errors'}`;
    results['installable app: what stops Chrome installing it (Page.getInstallabilityErrors)'] = installabilityErrors.length ? installabilityErrors.map((e) => e.errorId).join(', ') : 'nothing';
    await page.close();
    await browser.close(); // the connection only; Chrome keeps running for Lighthouse

    const scores: number[] = [];
    const lcps: number[] = [];
    const busy: number[] = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      busy.push(await waitForQuiet());
      const { score, lcp } = await runLighthouse(chrome.port, `${baseUrl}/dashboard`, { cookie }, { disableStorageReset: true });
      scores.push(score);
      lcps.push(lcp);
    }
    const label = 'installed app (service worker and its files kept), dashboard /dashboard';
    results[`Lighthouse mobile performance, ${label} (median of ${LIGHTHOUSE_RUNS}, range)`] = summary(scores);
    results[`Lighthouse LCP, ${label} (ms, median of ${LIGHTHOUSE_RUNS}, range)`] = summary(lcps);
    results[`Lighthouse, ${label}: CPUs busy in the second before each run (%, median, range)`] = summary(busy);
  } finally {
    chrome.kill();
  }
  return results;
}

/** The 500-device walk opened once online, then offline in new tabs: navigation to every row drawn. */
async function walkOffline(baseUrl: string, dbUrl: string, chromePath: string): Promise<Record<string, number | string>> {
  const { cookie, walkId, ids } = await openWalk(baseUrl, dbUrl);
  const profile = mkdtempSync(path.join(os.tmpdir(), 'firemark-bench-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath,
    args: CHROMIUM_ARGS,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const label = `walk-through of ${ids.length} devices at 375 px, CPU slowed ${CPU_SLOWDOWN}x, opened offline after one visit`;
  const url = `${baseUrl}/walkthroughs/${walkId}`;
  const loadBefore = os.loadavg()[0]!.toFixed(2);
  try {
    await addCookie(context, baseUrl, cookie);
    await context.addInitScript({ content: marksScript(ids[0]!, ids.at(-1)!) });
    // The first visit, online: the worker installs and the app keeps what the walk shows.
    const first = await context.newPage();
    await first.goto(url);
    await first.waitForFunction(() => (window.__walkMarks.allRows ?? -1) > 0, undefined, { timeout: 60_000, polling: 250 });
    await workerInControl(first);
    // What the app keeps is written as it settles; a moment after the last answer, as a person would put the phone away.
    await first.waitForLoadState('networkidle');
    await first.close();

    await context.setOffline(true);
    const screen: number[] = [];
    const all: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(url);
      const drawn = await page
        .waitForFunction(() => (window.__walkMarks.allRows ?? -1) > 0 && (window.__walkMarks.firstScreen ?? -1) > 0, undefined, { timeout: OPEN_TIMEOUT_MS, polling: 250 })
        .then(() => true)
        .catch(() => false);
      if (!drawn) {
        const shown = (await page.locator('main h1, main [role="alert"], h1').first().textContent().catch(() => null)) ?? (await page.title());
        await page.close();
        return { [`${label}: navigation to every row drawn (ms)`]: `did not open offline within ${OPEN_TIMEOUT_MS / 1000} s; the page showed "${shown.trim().slice(0, 120)}"` };
      }
      const marks = await page.evaluate(() => window.__walkMarks);
      screen.push(Math.round(marks.firstScreen!));
      all.push(Math.round(marks.allRows!));
      await cdp.detach();
      await page.close();
    }
    return {
      [`${label}: navigation to the first screenful drawn and answering taps (ms, median of ${RUNS}, range)`]: summary(screen),
      [`${label}: navigation to every row drawn (ms, median of ${RUNS}, range)`]: summary(all),
      [`${label}: load average before, after`]: `${loadBefore}, ${os.loadavg()[0]!.toFixed(2)}`,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

export async function measurePwa(baseUrl: string, dbUrl: string): Promise<Record<string, number | string>> {
  const chromePath = findChromium();
  if (!chromePath) return { 'installable app': 'skipped: no Chromium (apt-get install -y chromium, or set CHROME_PATH)' };
  const { cookie } = await signUp(baseUrl, { fullName: 'Phone Installer', username: `pwa${Date.now()}` });
  return { ...(await installedDashboard(baseUrl, cookie, chromePath)), ...(await walkOffline(baseUrl, dbUrl, chromePath)) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const checkout = path.resolve(process.argv[2] ?? '.');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-pwa-'));
  const server = await startServer({ DATA_DIR: dataDir }, checkout);
  try {
    console.table(await measurePwa(server.url, embeddedDatabaseUrl(dataDir)));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
