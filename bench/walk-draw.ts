/**
 * Issue 32 §3: "the list of a 500-device building draws in under a second on a mid-range phone
 * profile, and a tap never waits for the network to show its result". Measured in Debian's
 * Chromium at 375 px (a touch phone, device pixel ratio 2) with the CPU slowed 4 times through
 * CDP (Emulation.setCPUThrottlingRate, Lighthouse's mid-range phone), on loopback with no network
 * throttle: the list is one request, and what the goal is about is the phone drawing it.
 *
 * A property with 500 extinguishers on two buildings of five floors (a fifth of them already
 * passed), its monthly walk opened. After one warm visit (the page's code in the browser's
 * cache, as on a phone that walked last month), RUNS (default 5) visits, each in a new tab:
 * - navigation to every row drawn: from the navigation's start (performance.timeOrigin) to the
 *   frame that paints the last device's row, looked for in the page once a frame;
 * - navigation to the first row drawn, the same for the first device;
 * - navigation to the first screenful drawn and answering taps (marksScript says how it is read);
 * - a tap: the Event Timing API's duration of tapping Pass on a device not yet done (from the
 *   touch to the next frame painted with its result, as Chrome's INP counts it).
 * The machine's load average (1 minute) before the first and after the last visit is reported
 * beside the figures: on a shared 2-core machine the slowed CPU multiplies whatever else runs.
 * Part of `npm run bench`; alone,
 * `node --import tsx bench/walk-draw.ts [checkout]` measures the build of another checkout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium';
import { embeddedDatabaseUrl, signUp } from './accounts';
import { extinguisherRows, json, monthlyRequirement } from './device-rows';
import { summary } from './lighthouse';
import { makePro } from './portfolio';
import { startServer } from './server-process';

const DEVICES = 500;
const ALREADY_PASSED = 100;
const RUNS = Number(process.env.RUNS ?? 5);
const CPU_SLOWDOWN = 4;

interface WalkMarks {
  firstRow?: number;
  /** The rows that fill the viewport painted (firstScreen's first half). */
  screenPainted?: number;
  firstScreen?: number;
  allRows?: number;
  taps: Record<number, number>;
}

declare global {
  interface Window {
    __walkMarks: WalkMarks;
  }
}

/** The property, its 500 devices and its open monthly walk with a fifth of it passed. */
export async function openWalk(baseUrl: string, dbUrl: string) {
  const origin = new URL(baseUrl).origin;
  const { cookie, id: organizationId } = await signUp(baseUrl, { fullName: 'Walk Drawer', username: `walkdraw${Date.now()}` });
  await makePro(dbUrl, organizationId);
  const headers = { 'content-type': 'application/json', origin, cookie };
  const send = (method: string, url: string, body?: unknown) => fetch(`${baseUrl}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const property = await json<{ id: number }>(
    await send('POST', '/api/properties', {
      name: 'Walk Tower', propertyType: 'commercial', addressLine1: '5 Floor Street', city: 'Reno', state: 'NV', zip: '89501', country: 'us', managerEmail: 'walk@example.com',
    }),
    201,
    'Creating the property',
  );
  await json(await send('POST', `/api/properties/${property.id}/devices/import`, { rows: extinguisherRows({ count: DEVICES, floors: 5, perFloor: 50, firstYear: 2014, years: 10 }) }), 201, 'The device import');
  const requirementId = await monthlyRequirement(dbUrl, property.id);
  const walk = await json<{ id: number; devices: { deviceId: number }[] }>(
    await send('POST', `/api/properties/${property.id}/walkthroughs`, { requirementId }),
    201,
    'Starting the walk-through',
  );
  if (walk.devices.length !== DEVICES) throw new Error(`The walk lists ${walk.devices.length} devices, not ${DEVICES}`);
  const ids = walk.devices.map((d) => d.deviceId);
  // Passed already: the middle of the walk, so the list shows both kinds of row.
  const passed = ids.slice(DEVICES / 2, DEVICES / 2 + ALREADY_PASSED);
  for (let i = 0; i < passed.length; i += 10) {
    await Promise.all(
      passed.slice(i, i + 10).map(async (deviceId) =>
        json(await send('PUT', `/api/walkthroughs/${walk.id}/results/${deviceId}`, { clientId: crypto.randomUUID(), result: 'pass' }), 200, 'A tap'),
      ),
    );
  }
  return { cookie, walkId: walk.id, ids };
}

/**
 * Set in the page before its own code runs: when the frames that paint the first and the last
 * device's rows have painted (rows in the document: they may still be hidden, as under SPEC 9's
 * plan reveal, which keeps the signed-in page hidden until 200 ms on a phone after the plan is known), when the first screenful is drawn and answering taps, and the
 * Event Timing duration of each tap, by the device whose Pass button was tapped.
 *
 * The first screenful drawn and answering taps (firstScreen), what a person needs to read the
 * walk and tap: (1) the frame has painted in which the drawn rows reach the viewport's bottom
 * edge (812 px; the last drawn row's bottom at or below it, or the walk's last row drawn), and
 * (2) after it, the first row's Pass button is in the document and enabled and a message posted
 * to the page is answered within one frame (16.7 ms), as a tap's event would be: the main thread
 * is not in a long task. The probe is posted from a task after each frame has painted (posted from
 * within a frame, it would wait for that frame's own layout and paint) until both hold; the mark
 * is when the answer arrives. The rest of the rows may still be being drawn (in a transition, which yields). Plain JavaScript text, as the page runs it (a compiled function would
 * bring the compiler's helpers).
 */
export function marksScript(firstId: number, lastId: number): string {
  return `(() => {
    const marks = { taps: {} };
    window.__walkMarks = marks;
    // Found in a frame's rAF means that frame paints it, and a task after it runs once painted.
    const afterPaint = (set) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => set(performance.now());
      channel.port2.postMessage(null);
    };
    const FRAME_MS = 1000 / 60;
    const probe = () => {
      const sent = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const now = performance.now();
        const row = document.getElementById('walk-device-${firstId}');
        const pass = row && row.querySelector('[role="group"] button');
        if (now - sent <= FRAME_MS && pass && pass.textContent.trim() === 'Pass' && !pass.disabled) marks.firstScreen = now;
        else requestAnimationFrame(() => afterPaint(probe));
      };
      channel.port2.postMessage(null);
    };
    // Shown, not only in the document (a suspended part of the page is there but not displayed):
    // the last drawn row laid out down to the viewport's bottom edge, or, the walk being drawn
    // whole, laid out at all.
    const screenFull = () => {
      const rows = document.querySelectorAll('li[id^="walk-device-"]');
      const last = rows[rows.length - 1];
      if (!last) return false;
      const box = last.getBoundingClientRect();
      if (box.height === 0) return false;
      return box.bottom >= window.innerHeight || last.id === 'walk-device-${lastId}';
    };
    // Looked for in the frame after the document changes, not in every frame: a callback on each
    // frame makes the slowed main thread draw a frame each time (several milliseconds apiece),
    // which no person's phone pays. Once the first row is there, until the screen is full, it
    // looks in every frame (the rows may be there, hidden, until the page is shown).
    let asked = false;
    const look = () => {
      asked = false;
      if (marks.firstRow === undefined && document.getElementById('walk-device-${firstId}')) {
        marks.firstRow = -1;
        afterPaint((at) => (marks.firstRow = at));
      }
      if (marks.screenPainted === undefined && marks.firstRow !== undefined && screenFull()) {
        marks.screenPainted = -1;
        afterPaint((at) => {
          marks.screenPainted = at;
          probe();
        });
      }
      if (marks.allRows === undefined && document.getElementById('walk-device-${lastId}')) {
        marks.allRows = -1;
        afterPaint((at) => (marks.allRows = at));
      }
      if (marks.allRows !== undefined && marks.screenPainted !== undefined) observer.disconnect();
      else if (marks.firstRow !== undefined && marks.screenPainted === undefined) ask();
    };
    const ask = () => {
      if (asked) return;
      asked = true;
      requestAnimationFrame(look);
    };
    const observer = new MutationObserver(ask);
    observer.observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.interactionId) continue;
        const row = entry.target && entry.target.closest && entry.target.closest('[id^="walk-device-"]');
        const deviceId = row ? Number(row.id.slice('walk-device-'.length)) : 0;
        if (deviceId) marks.taps[deviceId] = Math.max(marks.taps[deviceId] || 0, entry.duration);
      }
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
  })();`;
}

/** One visit in a new tab: the draw marks, then a tap on Pass of `tapId`. */
async function visit(page: Page, url: string, tapId: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(url);
  // Asked four times a second, not every frame: the asking runs on the page's slowed thread too.
  await page.waitForFunction(() => (window.__walkMarks.allRows ?? -1) > 0 && (window.__walkMarks.firstRow ?? -1) > 0 && (window.__walkMarks.firstScreen ?? -1) > 0, undefined, { timeout: 60_000, polling: 250 });
  const { firstRow, firstScreen, allRows } = await page.evaluate(() => window.__walkMarks);
  const pass = page.locator(`#walk-device-${tapId}`).getByRole('button', { name: 'Pass' });
  await pass.scrollIntoViewIfNeeded();
  await pass.tap();
  await page.locator(`#walk-device-${tapId}[data-result="pass"]`).waitFor();
  // A tap shorter than 16 ms is not reported by the Event Timing API; it counts as 16.
  const tap: number = await page
    .waitForFunction((id) => window.__walkMarks.taps[id], tapId, { timeout: 2_000, polling: 250 })
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch(() => 16);
  await cdp.detach();
  return { firstRow: firstRow!, firstScreen: firstScreen!, allRows: allRows!, tap };
}

export async function measureWalkDraw(baseUrl: string, dbUrl: string): Promise<Record<string, number | string>> {
  const chromePath = findChromium();
  if (!chromePath) return { 'walk-through at 375 px': 'skipped: no Chromium (apt-get install -y chromium, or set CHROME_PATH)' };
  const { cookie, walkId, ids } = await openWalk(baseUrl, dbUrl);
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  const first: number[] = [];
  const screen: number[] = [];
  const all: number[] = [];
  const taps: number[] = [];
  const loadBefore = os.loadavg()[0]!.toFixed(2);
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: baseUrl }]);
    await context.addInitScript({ content: marksScript(ids[0]!, ids.at(-1)!) });
    const url = `${baseUrl}/walkthroughs/${walkId}`;
    // Devices not yet done near the top of the walk, one per visit (the warm one included).
    for (let run = 0; run <= RUNS; run++) {
      const page = await context.newPage();
      const figures = await visit(page, url, ids[run]!);
      await page.close();
      if (run === 0) continue;
      first.push(Math.round(figures.firstRow));
      screen.push(Math.round(figures.firstScreen));
      all.push(Math.round(figures.allRows));
      taps.push(Math.round(figures.tap));
    }
    await context.close();
  } finally {
    await browser.close();
  }
  const label = `walk-through of ${DEVICES} devices at 375 px, CPU slowed ${CPU_SLOWDOWN}x, no network throttle`;
  return {
    [`${label}: navigation to every row drawn (ms, median of ${RUNS}, range)`]: summary(all),
    [`${label}: navigation to the first row drawn (ms, median of ${RUNS}, range)`]: summary(first),
    [`${label}: navigation to the first screenful drawn and answering taps (ms, median of ${RUNS}, range)`]: summary(screen),
    [`${label}: a tap on Pass to its result painted (ms, Event Timing, median of ${RUNS}, range)`]: summary(taps),
    [`${label}: load average before, after`]: `${loadBefore}, ${os.loadavg()[0]!.toFixed(2)}`,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const checkout = path.resolve(process.argv[2] ?? '.');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-walk-draw-'));
  const server = await startServer({ DATA_DIR: dataDir }, checkout);
  try {
    console.table(await measureWalkDraw(server.url, embeddedDatabaseUrl(dataDir)));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
