import { addProperty, expect, expectNoSidewaysScroll, expectToast, scheduleInspectionViaApi, test } from './fixtures';

// Working offline needs the service worker, which the other specs block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 33: a deficiency edited with no signal is kept on the phone, shows as edited and waiting
 * to sync, and is applied once the signal returns, with the copy's updatedAt as If-Match
 * (docs/offline.md, "The screens that record").
 */
test('a deficiency edited with no signal shows the edit waiting to sync, and the server has it once the signal returns', async ({ proPage: page, context }) => {
  const headers = { origin: new URL(test.info().project.use.baseURL!).origin };
  await page.setViewportSize({ width: 375, height: 812 });
  const property = await addProperty(page, { name: 'Riverside Lofts' });
  const inspection = await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: new Date().toISOString().slice(0, 10) });
  const found = await page.request.post(`/api/inspections/${inspection.id}/deficiencies`, {
    data: { description: 'Extinguisher missing from its bracket', severity: 'non_critical', location: 'Floor 2, Room 201' },
    headers,
  });
  expect(found.status()).toBe(201);
  const deficiency = (await found.json()) as { id: number };

  // The app's code kept by its service worker, as on a phone that has opened it before.
  await page.goto(`/properties/${property.id}`);
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready) && navigator.serviceWorker.controller)))
    .toBe(true);
  await page.reload();
  await page.getByRole('tab', { name: /^Deficiencies/ }).click();
  await expect(page.getByRole('listitem', { name: 'Extinguisher missing from its bracket' })).toBeVisible();

  // No signal: the page's requests and the service worker's are cut off.
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Edit Extinguisher missing from its bracket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Deficiency' });
  await dialog.getByLabel('Description', { exact: true }).fill('');
  await dialog.getByRole('button', { name: 'Save Deficiency' }).click();
  await expect(dialog.getByText('Describe the deficiency')).toBeVisible();
  await dialog.getByLabel('Description', { exact: true }).fill('Extinguisher missing; bracket bent');
  await dialog.getByLabel('Severity').selectOption({ label: 'Impairment' });
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Save Deficiency' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Deficiency Updated', 'Saved on this device; it will sync when you are back online.');
  const card = page.getByRole('listitem', { name: 'Extinguisher missing; bracket bent' });
  await expect(card).toContainText('Waiting to sync');
  await expect(page.getByRole('link', { name: '1 change waiting to sync' })).toBeVisible();

  await context.unrouteAll();
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByRole('link', { name: /^All changes synced · / })).toBeVisible({ timeout: 60_000 });
  await expect(card).not.toContainText('Waiting to sync');
  const saved = (await (await page.request.get(`/api/deficiencies/${deficiency.id}`)).json()) as { description: string; severity: string };
  expect(saved).toMatchObject({ description: 'Extinguisher missing; bracket bent', severity: 'impairment' });
});
