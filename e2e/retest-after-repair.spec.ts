import { addProperty, expect, expectNoSidewaysScroll, scheduleInspectionViaApi, test } from './fixtures';

const today = () => new Date().toISOString().slice(0, 10);
const displayDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

test('on a phone: correcting a fire alarm deficiency schedules its re-test, and the property stays Action Needed until it passes', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const property = await addProperty(page, { name: 'Riverside Lofts' });
  const inspection = await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: today(), inspectionType: 'fire_alarm', assignedTo: 'Ada Byrne' });
  const failed = await page.request.put(`/api/inspections/${inspection.id}`, {
    data: { status: 'completed', complianceStatus: 'non_compliant', notes: 'Ground fault at the panel', deficiencies: [{ description: 'Panel shows a ground fault', severity: 'critical' }] },
    headers: { origin },
  });
  expect(failed.status()).toBe(200);

  await page.goto(`/properties/${property.id}`);
  const main = page.getByRole('main');
  await page.getByRole('tab', { name: 'Deficiencies (1)' }).click();
  await page.getByRole('listitem', { name: 'Panel shows a ground fault' }).getByRole('button', { name: 'Mark as Corrected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark as Corrected' });
  await dialog.getByLabel('Corrected by').fill('Ada Byrne');
  await dialog.getByLabel('Note').fill('Shorted detector base replaced');
  await dialog.getByRole('button', { name: 'Save Correction' }).click();

  // The toast says what happens next, and why; the property still needs action.
  const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').filter({ hasText: 'Deficiency Corrected' });
  await expect(toast).toContainText(`Re-test scheduled for ${displayDay(today())}: NFPA 72 asks that repaired fire alarm components be tested again`);
  await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Panel shows a ground fault' }).getByRole('link', { name: `Re-test due ${displayDay(today())}` })).toBeVisible();
  await expect(main.getByText('Fire alarm awaiting re-test after repair').first()).toBeVisible();
  await expect(main.getByText('Action Needed').first()).toBeVisible();

  // The property's inspections list the re-test with what it re-tests; its page says why.
  await page.getByRole('tab', { name: /^Inspections/ }).click();
  await expect(main.getByText(`Re-test of the inspection of ${displayDay(today())}`).filter({ visible: true }).first()).toBeVisible();
  const retest = (await (await page.request.get(`/api/inspections/${inspection.id}`)).json()).retest as { id: number };
  await page.goto(`/inspections/${retest.id}`);
  await expect(page.getByRole('link', { name: `The inspection of ${displayDay(today())}` })).toBeVisible();
  await expect(page.getByText(/NFPA 72 \(2022\) 14\.4\.2 asks that repaired fire alarm components be tested again/).first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The failure links its re-test.
  await page.getByRole('link', { name: `The inspection of ${displayDay(today())}` }).click();
  await expect(page.getByRole('link', { name: `Re-test scheduled, due ${displayDay(today())}` })).toBeVisible();

  // The re-test passes: the property is Compliant.
  const passed = await page.request.put(`/api/inspections/${retest.id}`, { data: { status: 'completed', complianceStatus: 'compliant', notes: 'Panel normal' }, headers: { origin } });
  expect(passed.status()).toBe(200);
  await page.goto(`/properties/${property.id}`);
  await expect(main.getByText('Compliant', { exact: true }).first()).toBeVisible();
  await expect(main.getByText('Action Needed')).toHaveCount(0);
});
