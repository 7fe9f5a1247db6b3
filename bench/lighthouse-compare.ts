/**
 * Lighthouse's mobile score of one page in two builds, measured in turns (before, after,
 * before, after...) so that whatever else the machine does falls on both alike. One run differs
 * from the next by ten points or more on two cores, so a change to the first load is judged on
 * this, not on two `npm run bench` runs an hour apart.
 *
 *   git worktree add /tmp/before HEAD~1 && ln -s "$PWD/node_modules" /tmp/before/node_modules
 *   (cd /tmp/before && npm run build) && npm run build
 *   node --import tsx bench/lighthouse-compare.ts /tmp/before .
 *
 * Each checkout's server gets its own data directory and a new account. PAGE (default
 * /dashboard) and LIGHTHOUSE_RUNS (default 6 per build) change what is measured; PORTFOLIO=1
 * gives each account the bench's 10,000 properties and 100,000 inspections, as `npm run bench` does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium';
import { embeddedDatabaseUrl, signUp } from './accounts';
import { seedPortfolio } from './portfolio';
import { runLighthouse, summary, waitForQuiet } from './lighthouse';
import { startServer } from './server-process';

const PAGE = process.env.PAGE ?? '/dashboard';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 6);
const checkouts = process.argv.slice(2);
if (checkouts.length !== 2) throw new Error('Usage: node --import tsx bench/lighthouse-compare.ts <checkout before> <checkout after>');
const chromePath = findChromium();
if (!chromePath) throw new Error('No Chromium: apt-get install -y chromium, or set CHROME_PATH');

async function startSignedIn(cwd: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-lh-compare-'));
  const server = await startServer({ DATA_DIR: dataDir }, path.resolve(cwd));
  const { cookie, id } = await signUp(server.url, { fullName: 'Bench Mark', username: 'bench' });
  if (process.env.PORTFOLIO) await seedPortfolio(embeddedDatabaseUrl(dataDir), id, { properties: 10_000, inspections: 100_000 });
  return { cwd, server, cookie, dataDir, scores: [] as number[], lcps: [] as number[], tbts: [] as number[] };
}

const builds = [await startSignedIn(checkouts[0]!), await startSignedIn(checkouts[1]!)];
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
try {
  for (let i = 0; i < RUNS; i++) {
    for (const build of builds) {
      await waitForQuiet();
      const { score, lcp, tbt } = await runLighthouse(chrome.port, `${build.server.url}${PAGE}`, { cookie: build.cookie });
      build.scores.push(score);
      build.lcps.push(lcp);
      build.tbts.push(tbt);
    }
  }
} finally {
  chrome.kill();
  for (const build of builds) {
    await build.server.stop();
    rmSync(build.dataDir, { recursive: true, force: true });
  }
}

console.log(`Lighthouse mobile, ${PAGE}, ${RUNS} runs each in turns: median (range)`);
console.table(
  Object.fromEntries(
    builds.map((b, i) => [`${i === 0 ? 'before' : 'after'} (${b.cwd})`, { score: summary(b.scores), 'LCP ms': summary(b.lcps), 'TBT ms': summary(b.tbts) }]),
  ),
);
