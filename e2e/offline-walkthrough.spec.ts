import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import pg from 'pg';
import sharp from 'sharp';
import { addProperty, expect, expectToast, grantPro, scheduleInspectionViaApi, suiteDatabaseUrl, test } from './fixtures';
import { CHROMIUM_ARGS, findChromium } from './support/chromium';
import { keptKeys, outboxCount, workerInControl } from './support/offline-device';
import { startMonthlyWalk } from './support/walkthrough';

// Working offline needs the service worker, which the other specs block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 33, "Done when": a property made available offline is walked on a phone with no signal
 * (20 devices, one failing with a photo) and the walk finished with its attestation; a reload and
 * a browser closed and opened again with the same storage still show everything recorded; back
 * online, everything reaches the server once and nothing waits; the same outbox sent a second
 * time creates nothing twice (docs/offline.md).
 *
 * A persistent browser profile stands for the phone: a context's storageState does not carry
 * IndexedDB's photos, and the service worker must outlive the browser being closed.
 */

interface Device {
  id: number;
  tag: string;
}

/** An outbox entry as a test can carry it across a closed browser: the photo's bytes as base64. */
interface KeptEntry {
  change: Record<string, unknown>;
  photo?: { base64: string; type: string; contentType: string };
}

const DEVICES = 20;

/** The phone: one Chromium profile on disk, opened again with everything it kept. */
function openPhone(dir: string, baseURL: string, offline = false): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, {
    offline,
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
    baseURL,
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
  });
}

/** Fails the test on any console error, as the suite's page fixture does for its own pages. */
function watchConsole(page: Page, problems: string[]): void {
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    if (/net::ERR_INTERNET_DISCONNECTED/.test(text)) return;
    problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
}

/**
 * No signal. The browser's offline switch covers pages but not the service worker, whose
 * Background Sync would reach the server; every request the profile makes is cut off as well.
 */
async function noSignal(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

async function signalBack(context: BrowserContext): Promise<void> {
  await context.unrouteAll();
  await context.setOffline(false);
}

async function firstPage(context: BrowserContext, problems: string[]): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  watchConsole(page, problems);
  return page;
}

/** Every outbox entry on the device, photos read out as base64 so they survive the page. */
function readOutbox(page: Page): Promise<KeptEntry[]> {
  return page.evaluate(
    () =>
      new Promise<KeptEntry[]>((resolve, reject) => {
        const open = indexedDB.open('firemark-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = async () => {
            const entries: KeptEntry[] = [];
            for (const change of all.result as Record<string, unknown>[]) {
              const photo = change.photo as { blob: Blob; contentType: string } | undefined;
              if (!photo) {
                entries.push({ change });
                continue;
              }
              const bytes = new Uint8Array(await photo.blob.arrayBuffer());
              let binary = '';
              for (const byte of bytes) binary += String.fromCharCode(byte);
              entries.push({ change: { ...change, photo: undefined }, photo: { base64: btoa(binary), type: photo.blob.type, contentType: photo.contentType } });
            }
            open.result.close();
            resolve(entries);
          };
        };
      }),
  );
}

/** Puts entries back into the outbox as they were, waiting, and tells the app's tabs. */
function restoreOutbox(page: Page, entries: KeptEntry[]): Promise<void> {
  return page.evaluate(
    (list) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('firemark-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('outbox', 'readwrite');
          for (const { change, photo } of list) {
            const restored: Record<string, unknown> = { ...change, state: 'waiting', attempts: 0 };
            delete restored.problem;
            if (photo) {
              const bytes = Uint8Array.from(atob(photo.base64), (c) => c.charCodeAt(0));
              restored.photo = { blob: new Blob([bytes], { type: photo.type }), contentType: photo.contentType };
            } else delete restored.photo;
            tx.objectStore('outbox').put(restored);
          }
          tx.oncomplete = () => {
            open.result.close();
            new BroadcastChannel('firemark-outbox').postMessage({ type: 'changed' });
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    entries,
  );
}

interface ServerCounts {
  results: number;
  passed: number;
  failed: number;
  deficiencies: number;
  photos: number;
  completedInspections: number;
  walkStatus: string;
}

/** What the server holds for the walk, read from its database. */
async function serverCounts(walkId: number, propertyId: number): Promise<ServerCounts> {
  const client = new pg.Client({ connectionString: suiteDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<ServerCounts>(
      `select
         (select count(*)::int from walkthrough_results where walkthrough_id = $1) as results,
         (select count(*)::int from walkthrough_results where walkthrough_id = $1 and result = 'pass') as passed,
         (select count(*)::int from walkthrough_results where walkthrough_id = $1 and result = 'fail') as failed,
         (select count(*)::int from deficiencies where inspection_id = (select inspection_id from walkthroughs where id = $1)) as deficiencies,
         (select count(*)::int from deficiency_photos p join deficiencies d on d.id = p.deficiency_id
            where d.inspection_id = (select inspection_id from walkthroughs where id = $1)) as photos,
         (select count(*)::int from inspections where property_id = $2 and status = 'completed') as "completedInspections",
         (select status::text from walkthroughs where id = $1) as "walkStatus"`,
      [walkId, propertyId],
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

test('a walk-through recorded with no signal survives a reload and a closed browser, reaches the server once when the signal returns, and the same outbox sent again creates nothing twice', async ({ account }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const headers = { origin: new URL(baseURL).origin };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'firemark-phone-'));
  const problems: string[] = [];
  let context = await openPhone(dir, baseURL);
  try {
    let page = await firstPage(context, problems);
    await grantPro(account.username);
    expect((await page.request.post('/api/auth/login', { data: { username: account.username, password: account.password }, headers })).status()).toBe(200);

    // A property with 20 extinguishers due today, on one floor.
    const created = await page.request.post('/api/properties', {
      data: { name: 'Harbor View Offices', propertyType: 'commercial', addressLine1: '100 Harbor Way', city: 'Boston', state: 'MA', zip: '02110', country: 'us', managerEmail: 'facilities@example.com' },
      headers,
    });
    expect(created.status()).toBe(201);
    const property = (await created.json()) as { id: number };
    const today = new Date().toISOString().slice(0, 10);
    expect((await page.request.post(`/api/properties/${property.id}/safety-items`, { data: { itemType: 'fire_extinguisher', nextDueDate: today }, headers })).status()).toBe(201);
    const bulk = await page.request.post(`/api/properties/${property.id}/devices/bulk`, {
      data: { count: DEVICES, itemType: 'fire_extinguisher', subtype: 'dry_chemical', rating: '5 lb', location: { building: 'Main', floor: '1', description: 'Corridor' } },
      headers,
    });
    expect(bulk.status()).toBe(201);
    const devices = (await (await page.request.get(`/api/properties/${property.id}/devices`)).json()) as Device[];
    expect(devices).toHaveLength(DEVICES);

    // Made available offline from its page, then the walk started with signal.
    await page.goto(`/properties/${property.id}`);
    await page.getByRole('switch', { name: 'Available offline' }).click();
    await expect(page.getByRole('switch', { name: 'Available offline' })).toBeChecked();
    const { walkPath, walkId } = await startMonthlyWalk(page);
    await expect(page.getByText(`0 of ${DEVICES} done`, { exact: true })).toBeVisible();
    // The app's code is in the service worker and the walk in the device's store.
    await workerInControl(page);
    await expect.poll(async () => (await keptKeys(page)).includes(JSON.stringify(['/api/walkthroughs', walkId]))).toBe(true);

    // No signal from here on.
    await noSignal(context);
    const row = (device: Device) => page.getByRole('listitem', { name: device.tag, exact: true });
    const pass = (device: Device) => row(device).getByRole('button', { name: 'Pass' });

    // 19 pass, one key each; the 8th fails with a photo from the camera.
    const failing = devices[7]!;
    await pass(devices[0]!).click();
    for (const device of devices.slice(1, 7)) {
      await expect(pass(device)).toBeFocused();
      await page.keyboard.press('Enter');
    }
    await row(failing).getByRole('button', { name: 'Fail' }).click();
    const fail = page.getByRole('dialog', { name: `Fail ${failing.tag}` });
    await fail.getByRole('checkbox', { name: 'Pressure gauge not in the operable range' }).check();
    await fail.getByRole('radio', { name: 'Impairment' }).check();
    await fail.getByLabel('What was found').fill('Needle in the red zone');
    // A camera-sized photo: it is made smaller on the phone before it is kept.
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c0392b' } }).jpeg().toBuffer();
    await fail.getByLabel('Photos').setInputFiles({ name: 'gauge.jpg', mimeType: 'image/jpeg', buffer: photo });
    await fail.getByRole('button', { name: 'Save failure' }).click();
    await expect(fail).toBeHidden();
    await expect(row(failing)).toContainText('Saved on this device, waiting to sync');
    await expect(row(failing)).toContainText('Photo waiting to sync');
    for (const device of devices.slice(8)) {
      await expect(pass(device)).toBeFocused();
      await page.keyboard.press('Enter');
    }
    await expect(page.getByText(`${DEVICES} of ${DEVICES} done · 1 failed`, { exact: true })).toBeVisible();
    await expect(row(devices[0]!)).toContainText('Saved on this device, waiting to sync');
    await expect(page.getByText(`${DEVICES} taps are saved on this device, waiting to sync.`)).toBeVisible();
    await expect(page.getByRole('link', { name: `${DEVICES + 1} changes waiting to sync` })).toBeVisible();

    // The kept photo is no longer than 2,000 px on its long side.
    const kept = await readOutbox(page);
    const keptPhoto = kept.find((entry) => entry.photo)!;
    const size = await sharp(Buffer.from(keptPhoto.photo!.base64, 'base64')).metadata();
    expect(Math.max(size.width!, size.height!)).toBeLessThanOrEqual(2000);

    // Finished with the attestation, still with no signal.
    await page.getByRole('button', { name: 'Finish walk-through' }).click();
    const finish = page.getByRole('dialog', { name: 'Finish walk-through' });
    await finish.getByRole('radio', { name: 'I performed this inspection.' }).check();
    await finish.getByLabel('Your full name').fill(account.fullName);
    await finish.getByRole('button', { name: 'Finish walk-through' }).click();
    await expect(finish).toBeHidden();
    const finishedHere = page.getByText('Finished on this device. Saved on this device; it will sync when you are back online.');
    await expect(finishedHere).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pass' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: `${DEVICES + 2} changes waiting to sync` })).toBeVisible();

    /** Everything recorded shows: each device's result, the photo and the finish waiting. */
    const everythingShown = async (phone: Page) => {
      await expect(phone.getByText(`${DEVICES} of ${DEVICES} done · 1 failed`, { exact: true })).toBeVisible();
      await expect(phone.getByText('Finished on this device. Saved on this device; it will sync when you are back online.')).toBeVisible();
      await expect(phone.getByRole('listitem', { name: failing.tag, exact: true })).toContainText('Failed');
      await expect(phone.getByRole('listitem', { name: failing.tag, exact: true })).toContainText('Photo waiting to sync');
      for (const device of devices.filter((d) => d !== failing)) {
        await expect(phone.getByRole('listitem', { name: device.tag, exact: true })).toContainText('Passed');
      }
      await expect(phone.getByRole('link', { name: `${DEVICES + 2} changes waiting to sync` })).toBeVisible();
    };

    // A reload with no signal: the app opens from the phone, and everything is there.
    await page.reload();
    await everythingShown(page);

    // The browser closed and opened again, still with no signal.
    await context.close();
    context = await openPhone(dir, baseURL, true);
    await noSignal(context);
    page = await firstPage(context, problems);
    await page.goto(walkPath);
    await everythingShown(page);
    // The property's Deficiencies tab shows the failure as open and waiting, before it syncs.
    await page.goto(`/properties/${property.id}`);
    await page.getByRole('tab', { name: /^Deficiencies/ }).click();
    await expect(page.getByText('1 open, 0 corrected')).toBeVisible();
    const waitingFailure = page.getByRole('listitem', { name: new RegExp(`^Fail: ${failing.tag}`) });
    await expect(waitingFailure).toContainText('Waiting to sync');
    await expect(waitingFailure).toContainText('1 photo waiting to sync');
    await page.goto(walkPath);
    await everythingShown(page);
    const outbox = await readOutbox(page);
    expect(outbox).toHaveLength(DEVICES + 2);
    expect(await serverCounts(walkId, property.id)).toMatchObject({ results: 0, photos: 0, walkStatus: 'open' });

    // Signal again: everything is sent, once, and nothing waits.
    await signalBack(context);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByRole('link', { name: /^All changes synced · / })).toBeVisible({ timeout: 60_000 });
    expect(await outboxCount(page)).toBe(0);
    await expect(page.getByText(/^Finished /)).toBeVisible();
    await expect(page.getByText('Saved on this device, waiting to sync')).toHaveCount(0);
    const once = await serverCounts(walkId, property.id);
    expect(once).toEqual({ results: DEVICES, passed: DEVICES - 1, failed: 1, deficiencies: 1, photos: 1, completedInspections: 1, walkStatus: 'finished' });

    // The same outbox sent a second time (an answer lost, a phone restored from a backup).
    await restoreOutbox(page, outbox);
    await page.reload();
    await expect.poll(() => outboxCount(page), { timeout: 60_000 }).toBe(0);
    await expect(page.getByRole('link', { name: /^All changes synced · / })).toBeVisible();
    expect(await serverCounts(walkId, property.id)).toEqual(once);

    // The property shows the failure with its photo.
    await page.goto(`/properties/${property.id}`);
    await page.getByRole('tab', { name: 'Deficiencies (1)' }).click();
    const deficiency = page.getByRole('listitem').filter({ hasText: 'Pressure gauge not in the operable range' });
    await expect(deficiency.getByRole('img', { name: /^Photo 1 of/ })).toBeVisible();
    expect(problems, 'console errors during the test').toEqual([]);
  } finally {
    await context.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an inspection completed with its attestation, a deficiency and a photo with no signal shows completed and waiting to sync, after a reload too, and reaches the server once', async ({ proPage: page, context, account }) => {
  const headers = { origin: new URL(test.info().project.use.baseURL!).origin };
  await page.setViewportSize({ width: 375, height: 812 });
  const property = await addProperty(page, { name: 'Riverside Lofts' });
  const today = new Date().toISOString().slice(0, 10);
  const inspection = await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: today, inspectionType: 'fire_alarm', assignedTo: account.fullName });

  // Kept on the phone: the property made available offline, its inspection read once with signal.
  await page.goto(`/properties/${property.id}`);
  await page.getByRole('switch', { name: 'Available offline' }).click();
  await expect(page.getByRole('switch', { name: 'Available offline' })).toBeChecked();
  await page.goto(`/inspections/${inspection.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Inspection Details' })).toBeVisible();
  await workerInControl(page);
  await expect.poll(async () => (await keptKeys(page)).includes(JSON.stringify(['/api/inspections', inspection.id]))).toBe(true);

  await noSignal(context);
  await page.reload();
  await page.getByRole('button', { name: 'Complete with result' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Inspection' });
  await dialog.getByRole('radio', { name: 'Non-compliant' }).check();
  await dialog.getByLabel('Findings').fill('Panel shows a ground fault');
  await dialog.getByRole('button', { name: 'Add deficiency' }).click();
  await dialog.getByLabel('Description 1').fill('Ground fault at the main panel');
  await dialog.getByLabel('Severity 1').selectOption({ label: 'Critical' });
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0392b' } }).jpeg().toBuffer();
  await dialog.getByLabel('Photos 1').setInputFiles({ name: 'panel.jpg', mimeType: 'image/jpeg', buffer: photo });
  await dialog.getByRole('radio', { name: 'I performed this inspection.' }).check();
  await dialog.getByLabel('Your full name').fill(account.fullName);
  await dialog.getByRole('button', { name: 'Complete Inspection' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Inspection Completed', 'Saved on this device; it will sync when you are back online.');

  /** The inspection reads completed and waiting; its deficiency is listed with its photo waiting. */
  const completedHere = async () => {
    const main = page.getByRole('main');
    await expect(main.getByText('Completed', { exact: true }).first()).toBeVisible();
    await expect(main.getByText('Waiting to sync', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete with result' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: '3 changes waiting to sync' })).toBeVisible();
  };
  await completedHere();
  await page.reload();
  await completedHere();
  await page.goto(`/properties/${property.id}`);
  await page.getByRole('tab', { name: /^Deficiencies/ }).click();
  const added = page.getByRole('listitem', { name: 'Ground fault at the main panel' });
  await expect(added).toContainText('Waiting to sync');
  await expect(added).toContainText('1 photo waiting to sync');

  // Signal again: the completion, then its deficiency, then the photo, each once.
  await signalBack(context);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByRole('link', { name: /^All changes synced · / })).toBeVisible({ timeout: 60_000 });
  const client = new pg.Client({ connectionString: suiteDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ status: string; deficiencies: number; photos: number }>(
      `select i.status::text as status,
         (select count(*)::int from deficiencies d where d.inspection_id = i.id) as deficiencies,
         (select count(*)::int from deficiency_photos p join deficiencies d on d.id = p.deficiency_id where d.inspection_id = i.id) as photos
       from inspections i where i.id = $1`,
      [inspection.id],
    );
    expect(rows[0]).toEqual({ status: 'completed', deficiencies: 1, photos: 1 });
  } finally {
    await client.end();
  }
  await page.goto(`/inspections/${inspection.id}`);
  await expect(page.getByRole('main').getByText(new RegExp(`Signed ${account.fullName}`))).toBeVisible();
  await expect(page.getByRole('main').getByText('Waiting to sync', { exact: true })).toHaveCount(0);
});

test('a tap an earlier version of the app kept in localStorage is moved into the outbox and reaches the server', async ({ proPage: page }) => {
  const headers = { origin: new URL(test.info().project.use.baseURL!).origin };
  await page.setViewportSize({ width: 375, height: 812 });
  const property = await addProperty(page, { name: 'Harbor View Offices' });
  const today = new Date().toISOString().slice(0, 10);
  expect((await page.request.post(`/api/properties/${property.id}/safety-items`, { data: { itemType: 'fire_extinguisher', nextDueDate: today }, headers })).status()).toBe(201);
  const bulk = await page.request.post(`/api/properties/${property.id}/devices/bulk`, {
    data: { count: 2, itemType: 'fire_extinguisher', subtype: 'dry_chemical', rating: '5 lb', location: { building: 'Main', floor: '1', description: 'Corridor' } },
    headers,
  });
  expect(bulk.status()).toBe(201);
  const devices = (await (await page.request.get(`/api/properties/${property.id}/devices`)).json()) as Device[];
  await page.goto(`/properties/${property.id}`);
  const { walkId } = await startMonthlyWalk(page);

  // As the version before the outbox left it: the tap's body under the walk's key.
  const clientId = '6f9619ff-8b86-4d11-b42d-00c04fc964ff';
  await page.evaluate(
    ({ key, value }) => localStorage.setItem(key, value),
    { key: `firemark.walkthrough.${walkId}.unsaved`, value: JSON.stringify([[devices[0]!.id, { clientId, result: 'pass' }]]) },
  );
  await page.reload();
  await expect(page.getByRole('listitem', { name: devices[0]!.tag, exact: true })).toContainText('Passed');
  await expect
    .poll(async () => {
      const walk = (await (await page.request.get(`/api/walkthroughs/${walkId}`)).json()) as { devices: { deviceId: number; tap: { clientId: string } | null }[] };
      return walk.devices.find((d) => d.deviceId === devices[0]!.id)?.tap?.clientId;
    })
    .toBe(clientId);
  expect(await page.evaluate((key) => localStorage.getItem(key), `firemark.walkthrough.${walkId}.unsaved`)).toBeNull();
});
