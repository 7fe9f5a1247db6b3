import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { addProperty, expect, expectNoSidewaysScroll, scheduleInspectionViaApi, test } from './fixtures';
import { keptKeys, workerInControl } from './support/offline-device';

// Working offline needs the service worker, which the other specs block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 33 §2: a property made available offline opens without a network, signed in, from what
 * the device keeps (docs/offline.md, "What works offline"); one not marked says it needs a
 * connection. At phone width.
 */

test.use({ viewport: { width: 375, height: 812 } });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('a property made available offline opens with its devices and open inspection without a network; one not marked says it needs one', async ({ proPage: page, context }) => {
  // This browser refuses to keep the copies, as one not installed may: the switch says so.
  await page.addInitScript(() => {
    StorageManager.prototype.persist = () => Promise.resolve(false);
    StorageManager.prototype.persisted = () => Promise.resolve(false);
  });
  const headers = { origin: new URL(test.info().project.use.baseURL!).origin };
  const kept = await addProperty(page, { name: 'Harbor View Offices' });
  const other = await addProperty(page, { name: 'Elm Street Depot', addressLine1: '5 Elm Street' });
  expect((await page.request.post(`/api/properties/${kept.id}/safety-items`, { data: { itemType: 'fire_extinguisher', nextDueDate: day(30) }, headers })).status()).toBe(201);
  const tag = `EXT-${randomBytes(3).toString('hex').toUpperCase()}`;
  expect((await page.request.post(`/api/properties/${kept.id}/devices`, { data: { itemType: 'fire_extinguisher', tag, location: { floor: '2', room: '201' } }, headers })).status()).toBe(201);
  const inspection = await scheduleInspectionViaApi(page, { propertyId: kept.id, dueDate: day(10), assignedTo: 'Alex Inspector' });
  const elsewhere = await scheduleInspectionViaApi(page, { propertyId: other.id, dueDate: day(12) });

  await page.goto(`/properties/${kept.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor View Offices' })).toBeVisible();
  const offlineSwitch = page.getByRole('switch', { name: 'Available offline' });
  await expect(offlineSwitch).not.toBeChecked();
  await offlineSwitch.click();
  await expect(offlineSwitch).toBeChecked();
  await expect(page.getByText('Kept on this device: it opens without signal.')).toBeVisible();
  await expect(page.getByText('Your browser may clear offline copies when space is short. Install Firemark on this device to keep them.')).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Marked and reloaded: the app fetches what the property's screens read onto the device.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Available offline' })).toBeChecked();
  await workerInControl(page);
  await expect
    .poll(async () => {
      const keys = await keptKeys(page);
      return [
        keys.includes(JSON.stringify(['/api/properties', kept.id])),
        keys.includes(JSON.stringify(['/api/properties', kept.id, 'devices', {}])),
        keys.includes(JSON.stringify(['/api/inspections', inspection.id])),
        keys.some((key) => key.startsWith(JSON.stringify(['/api/properties', other.id]).slice(0, -1))),
      ];
    })
    .toEqual([true, true, true, false]);

  // No network: the property, its devices and its open inspection open from the device, signed in.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Network offline')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor View Offices' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/properties/${kept.id}$`));
  await expect(page.getByRole('navigation', { name: 'Tabs' })).toBeVisible();
  await page.getByRole('tab', { name: 'Devices' }).click();
  await expect(page.getByRole('region', { name: 'Devices' }).getByRole('link', { name: new RegExp(tag) })).toBeVisible();

  await page.goto(`/inspections/${inspection.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Inspection Details' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Harbor View Offices' }).first()).toBeVisible();
  await expect(page.getByText('Alex Inspector').first()).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth\/login/);

  // A property not marked needs the network, and says so instead of loading for ever.
  await page.goto(`/properties/${other.id}`);
  await expect(page.getByRole('heading', { name: 'No connection' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Properties available offline' }).getByRole('link', { name: 'Harbor View Offices' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.goto(`/inspections/${elsewhere.id}`);
  await expect(page.getByRole('heading', { name: 'No connection' })).toBeVisible();
  await page.goto(`/properties/${other.id}`);
  await expect(page.getByRole('heading', { name: 'No connection' })).toBeVisible();

  // Back online, the page waiting for the network opens by itself.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Elm Street Depot' })).toBeVisible();
});

test('removing a property from the device in Settings stops it being kept, and signing out forgets what was kept', async ({ proPage: page }) => {
  const kept = await addProperty(page, { name: 'Harbor View Offices' });
  await page.goto(`/properties/${kept.id}`);
  await page.getByRole('switch', { name: 'Available offline' }).click();
  await expect(page.getByText('Kept on this device: it opens without signal.')).toBeVisible();
  await expect.poll(async () => (await keptKeys(page)).includes(JSON.stringify(['/api/properties', kept.id]))).toBe(true);

  await page.goto('/settings#offline');
  const list = page.getByRole('list', { name: 'Properties kept on this device' });
  await expect(list.getByRole('link', { name: 'Harbor View Offices' })).toBeVisible();
  await list.getByRole('button', { name: 'Remove Harbor View Offices from this device' }).click();
  await expect(page.getByText('No properties are kept on this device.')).toBeVisible();
  await expect.poll(async () => (await keptKeys(page)).includes(JSON.stringify(['/api/properties', kept.id]))).toBe(false);

  await page.goto(`/properties/${kept.id}`);
  await page.getByRole('switch', { name: 'Available offline' }).click();
  await expect.poll(async () => (await keptKeys(page)).includes(JSON.stringify(['/api/properties', kept.id]))).toBe(true);
  await page.request.post('/api/auth/logout', { headers: { origin: new URL(test.info().project.use.baseURL!).origin } });
  await page.reload();
  await expect.poll(async () => (await keptKeys(page)).length).toBe(0);
});

test('a member of two organisations sees in Settings only the properties kept for the organisation in use', async ({ proPage: page }) => {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const kept = await addProperty(page, { name: 'Harbor View Offices' });
  await page.goto(`/properties/${kept.id}`);
  await page.getByRole('switch', { name: 'Available offline' }).click();
  await expect(page.getByText('Kept on this device: it opens without signal.')).toBeVisible();
  const first = (await (await page.request.get('/api/organizations')).json()) as { id: number; current: boolean }[];
  const home = first.find((o) => o.current)!.id;

  // A second organisation, created and switched to: Harbor View Offices is not one of its properties.
  const created = await page.request.post('/api/organizations', { data: { name: 'Coastal Holdings' }, headers: { origin } });
  expect(created.status()).toBe(201);
  await page.goto('/settings#offline');
  await expect(page.getByText('No properties are kept on this device.')).toBeVisible();

  // Back in the first, it is listed again, still kept.
  expect((await page.request.post(`/api/organizations/${home}/switch`, { headers: { origin } })).status()).toBe(200);
  await page.reload();
  const list = page.getByRole('list', { name: 'Properties kept on this device' });
  await expect(list.getByRole('link', { name: 'Harbor View Offices' })).toBeVisible();
});

test('opening a walk-through keeps its property on the device for the day, and the walk opens again without a network', async ({ proPage: page, context }) => {
  const headers = { origin: new URL(test.info().project.use.baseURL!).origin };
  const property = await addProperty(page, { name: 'Quay Offices' });
  expect((await page.request.post(`/api/properties/${property.id}/safety-items`, { data: { itemType: 'fire_extinguisher', nextDueDate: day(0) }, headers })).status()).toBe(201);
  const tag = `EXT-${randomBytes(3).toString('hex').toUpperCase()}`;
  expect((await page.request.post(`/api/properties/${property.id}/devices`, { data: { itemType: 'fire_extinguisher', tag, location: { floor: '1' } }, headers })).status()).toBe(201);
  const requirements = (await (await page.request.get(`/api/properties/${property.id}/requirements`)).json()) as { id: number; activity: string }[];
  const monthly = requirements.find((r) => r.activity === 'Monthly visual inspection')!;
  const walk = (await (await page.request.post(`/api/properties/${property.id}/walkthroughs`, { data: { requirementId: monthly.id }, headers })).json()) as { id: number };

  await page.goto(`/walkthroughs/${walk.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly visual inspection' })).toBeVisible();
  await workerInControl(page);
  await expect.poll(async () => (await keptKeys(page)).includes(JSON.stringify(['/api/walkthroughs', walk.id]))).toBe(true);

  // Listed on the device for today only; the property's switch stays off until switched on by hand.
  await page.goto('/settings#offline');
  const list = page.getByRole('list', { name: 'Properties kept on this device' });
  await expect(list.getByRole('listitem').filter({ hasText: 'Quay Offices' })).toContainText('For today’s walk-through');
  await page.goto(`/properties/${property.id}`);
  await expect(page.getByRole('switch', { name: 'Available offline' })).not.toBeChecked();
  await expect(page.getByText('Kept on this device for today’s walk-through. Switch on to keep it after today.')).toBeVisible();

  await context.setOffline(true);
  await page.goto(`/walkthroughs/${walk.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly visual inspection' })).toBeVisible();
  await expect(page.getByText(tag).first()).toBeVisible();
  await context.setOffline(false);
});

test('with a network that does not reach the server (a Wi-Fi without internet), an offline property still opens from the device, signed in', async ({ proPage: page }) => {
  const kept = await addProperty(page, { name: 'Harbor View Offices' });
  await page.goto(`/properties/${kept.id}`);
  await page.getByRole('switch', { name: 'Available offline' }).click();
  await workerInControl(page);
  await expect.poll(async () => (await keptKeys(page)).includes(JSON.stringify(['/api/properties', kept.id, 'devices', {}]))).toBe(true);

  // The browser believes it is online; nothing it asks of the server is answered.
  const asked: string[] = [];
  await page.route('**/api/**', (route) => {
    asked.push(new URL(route.request().url()).pathname);
    return route.abort('internetdisconnected');
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor View Offices' })).toBeVisible();
  await page.getByRole('tab', { name: 'Devices' }).click();
  await expect(page.getByRole('region', { name: 'Devices' })).toBeVisible();
  await expect(page.getByText('Failed to load this property. Please refresh and try again.')).toHaveCount(0);
  // Past the session check, the screens wait for the server with what the device kept instead
  // of asking again and again and replacing the page with an error.
  expect(asked).toEqual(['/api/auth/me']);
});
