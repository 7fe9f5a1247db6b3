/**
 * How long a navigation within the app takes in two builds, measured in turns like
 * `bench/lighthouse-compare.ts`: from a click on "Properties" or "Inspections" in the dashboard's
 * navigation to the page's heading and first row, in Chromium with a phone's network (150 ms
 * round trips, 1.6 Mbit/s down) and its CPU slowed RATE times (default 4; 1 shows the network's
 * part alone). Each run is a new browser context, so no page's code is cached yet.
 *
 *   git worktree add /tmp/before HEAD~1 && ln -s "$PWD/node_modules" /tmp/before/node_modules
 *   (cd /tmp/before && npm run build) && npm run build
 *   node --import tsx bench/navigation-compare.ts /tmp/before .
 *
 * RUNS (default 5) runs per build; each account gets 2,000 properties and 20,000 inspections.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium';
import { embeddedDatabaseUrl, signUp } from './accounts';
import { summary } from './lighthouse';
import { seedPortfolio } from './portfolio';
import { startServer } from './server-process';

const RUNS = Number(process.env.RUNS ?? 5);
const CPU_SLOWDOWN = Number(process.env.RATE ?? 4);
const checkouts = process.argv.slice(2);
if (checkouts.length !== 2) throw new Error('Usage: node --import tsx bench/navigation-compare.ts <checkout before> <checkout after>');
const chromePath = findChromium();
if (!chromePath) throw new Error('No Chromium: apt-get install -y chromium, or set CHROME_PATH');

// The link's name, and what shows that its page has drawn its rows.
const DESTINATIONS: [link: string, firstRow: string][] = [
  ['Properties', 'main a[href^="/properties/"]:not([href="/properties/new"])'],
  ['Inspections', 'main a[href^="/inspections/"]:not([href="/inspections/new"]):not([href="/inspections/upcoming"])'],
];

async function startSignedIn(cwd: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-nav-compare-'));
  const server = await startServer({ DATA_DIR: dataDir }, path.resolve(cwd));
  const { cookie, id } = await signUp(server.url, { fullName: 'Bench Mark', username: 'bench' });
  await seedPortfolio(embeddedDatabaseUrl(dataDir), id, { properties: 2_000, inspections: 20_000 });
  return { cwd, server, cookie, dataDir, times: new Map<string, number[]>() };
}

const builds = [await startSignedIn(checkouts[0]!), await startSignedIn(checkouts[1]!)];
const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
try {
  for (let i = 0; i < RUNS; i++) {
    for (const build of builds) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const [name, ...value] = build.cookie.split('=');
      await context.addCookies([{ name: name!, value: value.join('='), url: build.server.url }]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 204_800, uploadThroughput: 96_000 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      for (const [link, firstRow] of DESTINATIONS) {
        await page.goto(`${build.server.url}/dashboard`);
        await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
        await page.waitForLoadState('networkidle');
        const start = Date.now();
        await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).first().click();
        await page.getByRole('heading', { level: 1, name: link, exact: true }).waitFor();
        await page.locator(firstRow).first().waitFor();
        build.times.set(link, [...(build.times.get(link) ?? []), Date.now() - start]);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  for (const build of builds) {
    await build.server.stop();
    rmSync(build.dataDir, { recursive: true, force: true });
  }
}

console.log(`From the dashboard's link to the page's first row, ms, CPU slowed ${CPU_SLOWDOWN}x, ${RUNS} runs each in turns: median (range)`);
console.table(
  Object.fromEntries(builds.map((b, i) => [`${i === 0 ? 'before' : 'after'} (${b.cwd})`, Object.fromEntries(DESTINATIONS.map(([link]) => [link, summary(b.times.get(link)!)]))])),
);
