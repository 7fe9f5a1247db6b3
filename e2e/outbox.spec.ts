import type { Page } from '@playwright/test';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, scheduleInspectionViaApi, test } from './fixtures';
import { outboxCount, workerInControl } from './support/offline-device';

// Working offline needs the service worker, which the other specs block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 33 §3 and §4: what a device keeps in its outbox survives a reload and a new browser
 * context, reaches the server once when the network returns, and the person sees what waits,
 * is asked before signing out with changes waiting, and chooses in a conflict (docs/offline.md).
 * The changes are written into the outbox as `record()` writes them (its id, order and owner),
 * so these tests hold whichever screen makes them; the screens' own test walks a property.
 */

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const headers = () => ({ origin: new URL(test.info().project.use.baseURL!).origin });

interface Kept {
  id: string;
  kind: string;
  method: 'POST' | 'PUT';
  url: string;
  body: unknown;
  label: string;
  propertyId?: number;
  ifMatch?: string;
}

/** Waits until the signed-in person owns the outbox (the app writes it on sign-in). */
async function outboxOwned(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('firemark-offline');
            // Not made by the app yet: made here, it would lack the app's stores; so undone.
            open.onupgradeneeded = () => open.transaction?.abort();
            open.onsuccess = () => {
              const get = open.result.transaction('meta').objectStore('meta').get('owner');
              get.onsuccess = () => resolve(Boolean(get.result));
              get.onerror = () => resolve(false);
            };
            open.onerror = () => resolve(false);
          }),
      ),
    )
    .toBe(true);
}

/** Writes changes into the device's outbox as record() does, and tells the app's tabs. */
async function keepOnDevice(page: Page, changes: Kept[]): Promise<void> {
  await page.evaluate(
    (list) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('firemark-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['outbox', 'meta'], 'readwrite');
          const meta = tx.objectStore('meta');
          const owner = meta.get('owner');
          const seq = meta.get('seq');
          tx.oncomplete = () => {
            new BroadcastChannel('firemark-outbox').postMessage({ type: 'changed' });
            resolve();
          };
          tx.onerror = () => reject(tx.error);
          seq.onsuccess = () => {
            let next = (seq.result as number | undefined) ?? 0;
            const { userId, organizationId } = owner.result as { userId: number; organizationId: number };
            for (const change of list) {
              next += 1;
              tx.objectStore('outbox').put({ ...change, seq: next, userId, organizationId, recordedAt: new Date().toISOString(), state: 'waiting', attempts: 0 });
            }
            meta.put(next, 'seq');
          };
        };
      }),
    changes,
  );
}

/** The app sends on the window's online event, as when a phone finds signal again. */
async function signalReturns(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

/**
 * Every change sent is cut off, as with no signal, while pages still load. On the context, so
 * the service worker's Background Sync is held back too.
 */
async function noSignalForChanges(page: Page): Promise<void> {
  await page.context().route(
    (url) => url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/auth/'),
    (route) => (route.request().method() === 'GET' ? route.continue() : route.abort('internetdisconnected')),
  );
}

async function setUp(page: Page) {
  const property = await addProperty(page, { name: 'Harbor View Offices' });
  const inspection = await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: day(3) });
  const found = await page.request.post(`/api/inspections/${inspection.id}/deficiencies`, {
    data: { description: 'Extinguisher missing from its bracket', severity: 'non_critical', location: 'Floor 2, Room 201' },
    headers: headers(),
  });
  expect(found.status()).toBe(201);
  const deficiency = (await found.json()) as { id: number; updatedAt: string };
  return { property, inspection, deficiency };
}

const edit = (deficiency: { id: number; updatedAt: string }, propertyId: number, description: string): Kept => ({
  id: crypto.randomUUID(),
  kind: 'deficiency-edit',
  method: 'PUT',
  url: `/api/deficiencies/${deficiency.id}`,
  body: { description, severity: 'non_critical', location: 'Floor 2, Room 201', correctiveAction: null, dueBy: null },
  ifMatch: deficiency.updatedAt,
  label: `Deficiency edited: ${description}`,
  propertyId,
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('changes kept offline survive a reload and a new browser context, reach the server once, and the waiting count goes to zero', async ({ proPage: page, context, browser }) => {
    const { property, inspection, deficiency } = await setUp(page);
    await page.goto('/dashboard');
    await workerInControl(page);
    await outboxOwned(page);

    await context.setOffline(true);
    const added: Kept = {
      id: crypto.randomUUID(),
      kind: 'deficiency',
      method: 'POST',
      url: `/api/inspections/${inspection.id}/deficiencies`,
      body: { description: 'Pressure gauge in the red', severity: 'critical', location: 'Floor 2, Room 204' },
      label: 'Deficiency: Pressure gauge in the red',
      propertyId: property.id,
    };
    const edited = edit(deficiency, property.id, 'Extinguisher missing; bracket bent');
    await keepOnDevice(page, [edited, added]);
    const status = page.getByRole('link', { name: '2 changes waiting to sync' });
    await expect(status).toBeVisible();
    await expectNoSidewaysScroll(page);

    // A reload without a network: still there, and listed with what they were.
    await page.reload();
    await expect(status).toBeVisible();
    await status.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sync' })).toBeVisible();
    const waiting = page.getByRole('region', { name: /Waiting to sync/ });
    await expect(waiting.getByRole('heading', { name: 'Deficiency edited: Extinguisher missing; bracket bent' })).toBeVisible();
    await expect(waiting.getByRole('heading', { name: 'Deficiency: Pressure gauge in the red' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    // The browser closed and opened again with the same storage, now with signal: they are sent.
    const storage = await context.storageState({ indexedDB: true });
    await context.close();
    const reopened = await browser.newContext({ storageState: storage, viewport: { width: 375, height: 812 } });
    const again = await reopened.newPage();
    await again.goto('/sync');
    await expect(again.getByRole('heading', { name: 'All changes synced' })).toBeVisible();
    await expect(again.getByRole('link', { name: /^All changes synced · / })).toBeVisible();
    expect(await outboxCount(again)).toBe(0);

    const list = async () => (await (await again.request.get(`/api/inspections/${inspection.id}/deficiencies`)).json()) as { id: number; description: string }[];
    expect((await list()).map((d) => d.description).sort()).toEqual(['Extinguisher missing; bracket bent', 'Pressure gauge in the red']);

    // The same outbox sent a second time (an answer lost, a device restored): nothing twice.
    await keepOnDevice(again, [edited, added]);
    await signalReturns(again);
    await expect.poll(() => outboxCount(again)).toBe(0);
    expect((await list()).length).toBe(2);
    await reopened.close();
  });
});

test.describe('with changes held back from the server', () => {
  test('signing out with changes waiting asks first, keeps them on the device, and they are sent when the same person signs in again', async ({ proPage: page, account }) => {
    const { property, deficiency } = await setUp(page);
    await page.goto('/dashboard');
    await outboxOwned(page);
    await noSignalForChanges(page);
    await keepOnDevice(page, [edit(deficiency, property.id, 'Bracket replaced, extinguisher missing')]);
    await expect(page.getByRole('link', { name: '1 change waiting to sync' })).toBeVisible();

    const sidebar = page.getByRole('complementary');
    await sidebar.getByRole('button', { name: 'Log out' }).click();
    const question = page.getByRole('alertdialog', { name: '1 change has not reached the server yet.' });
    await expect(question).toContainText('They stay on this device and are sent when you sign in here again.');
    await question.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard/);

    await sidebar.getByRole('button', { name: 'Log out' }).click();
    await question.getByRole('button', { name: 'Sign out anyway' }).click();
    await expect(page.getByRole('link', { name: '1 change waiting to sync' })).toBeHidden();
    await expect(page).not.toHaveURL(/\/dashboard/);
    expect(await outboxCount(page)).toBe(1);

    // The same person signs in again, with signal: the change goes.
    await page.context().unrouteAll();
    expect((await page.request.post('/api/auth/login', { data: { username: account.username, password: account.password }, headers: headers() })).status()).toBe(200);
    await page.goto('/dashboard');
    await expect(page.getByRole('link', { name: /^All changes synced · / })).toBeVisible();
    const now = (await (await page.request.get(`/api/deficiencies/${deficiency.id}`)).json()) as { description: string };
    expect(now.description).toBe('Bracket replaced, extinguisher missing');
  });

  test('an edit of a deficiency someone changed meanwhile shows both versions: Keep mine sends it over theirs, Keep theirs drops it; a change to a deleted record is reported', async ({ proPage: page }) => {
    const { property, inspection, deficiency: first } = await setUp(page);
    const secondAnswer = await page.request.post(`/api/inspections/${inspection.id}/deficiencies`, {
      data: { description: 'Exit sign dark', severity: 'impairment', location: 'Stair B' },
      headers: headers(),
    });
    const second = (await secondAnswer.json()) as { id: number; updatedAt: string };
    const gone = await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: day(5) });

    await page.goto('/dashboard');
    await outboxOwned(page);
    await noSignalForChanges(page);
    const mine = edit(first, property.id, 'Mine: bracket bent, extinguisher missing');
    const dropped = { ...edit(second, property.id, 'Mine: exit sign dark on level 3'), body: { description: 'Mine: exit sign dark on level 3', severity: 'impairment', location: 'Stair B' } };
    const orphan: Kept = {
      id: crypto.randomUUID(),
      kind: 'deficiency',
      method: 'POST',
      url: `/api/inspections/${gone.id}/deficiencies`,
      body: { description: 'Hose reel leaking', severity: 'non_critical' },
      label: 'Deficiency: Hose reel leaking',
      propertyId: property.id,
    };
    await keepOnDevice(page, [mine, dropped, orphan]);
    await expect(page.getByRole('link', { name: '3 changes waiting to sync' })).toBeVisible();

    // Meanwhile, someone else edits both deficiencies, and the inspection is deleted.
    const theirs = (id: number, description: string, severity: string) =>
      page.request.put(`/api/deficiencies/${id}`, { data: { description, severity, location: 'Stair B' }, headers: headers() });
    expect((await theirs(first.id, 'Theirs: extinguisher replaced, tag missing', 'non_critical')).status()).toBe(200);
    expect((await theirs(second.id, 'Theirs: exit sign lamp replaced', 'impairment')).status()).toBe(200);
    expect((await page.request.delete(`/api/inspections/${gone.id}`, { headers: headers() })).status()).toBe(200);

    await page.context().unrouteAll();
    await signalReturns(page);
    await expect(page.getByRole('link', { name: '3 changes need your attention' })).toBeVisible();
    await page.getByRole('link', { name: '3 changes need your attention' }).click();

    const attention = page.getByRole('region', { name: /Needs your attention/ });
    const mineCard = attention.getByRole('group', { name: mine.label });
    await expect(mineCard.getByRole('region', { name: 'Yours (recorded offline)' })).toContainText('Mine: bracket bent, extinguisher missing');
    await expect(mineCard.getByRole('region', { name: 'Now on the server' })).toContainText('Theirs: extinguisher replaced, tag missing');
    await expectAccessible(page);
    // On a phone the two versions stack, and nothing needs sideways scrolling.
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await mineCard.getByRole('button', { name: 'Keep mine' }).click();
    await expect
      .poll(async () => ((await (await page.request.get(`/api/deficiencies/${first.id}`)).json()) as { description: string }).description)
      .toBe('Mine: bracket bent, extinguisher missing');

    const droppedCard = attention.getByRole('group', { name: dropped.label });
    await droppedCard.getByRole('button', { name: 'Keep theirs' }).click();
    await expect(page.getByRole('heading', { name: dropped.label })).toBeHidden();
    expect(((await (await page.request.get(`/api/deficiencies/${second.id}`)).json()) as { description: string }).description).toBe('Theirs: exit sign lamp replaced');

    const orphanCard = attention.getByRole('group', { name: orphan.label });
    await expect(orphanCard).toContainText('What this changed had been deleted on the server. What you recorded is kept in the history.');
    await orphanCard.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('heading', { name: 'All changes synced' })).toBeVisible();
    expect(await outboxCount(page)).toBe(0);
  });
});
