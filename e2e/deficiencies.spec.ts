import { addProperty, expect, expectNoSidewaysScroll, expectToast, scheduleInspectionViaApi, test } from './fixtures';

const today = () => new Date().toISOString().slice(0, 10);

test('on a phone: a non-compliant result with two deficiencies and a photo keeps the property in action until both are corrected', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const inspector = await page.request.post('/api/inspectors', {
    data: { name: 'Ada Byrne', company: 'North Fire Services', licenceNumber: 'NICET-4471', licenceExpiresOn: '2020-01-31' },
    headers: { origin },
  });
  expect(inspector.status()).toBe(201);
  const property = await addProperty(page, { name: 'Riverside Lofts' });
  const inspection = await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: today(), inspectionType: 'fire_alarm', assignedTo: 'Ada Byrne' });

  await page.goto(`/inspections/${inspection.id}`);
  await page.getByRole('button', { name: 'Complete with result' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Inspection' });
  await dialog.getByRole('radio', { name: 'Non-compliant' }).check();
  await dialog.getByLabel('Findings').fill('Two findings at the panel and on level 2');
  await dialog.getByLabel('Performed by', { exact: true }).selectOption({ label: 'Ada Byrne (North Fire Services), licence expired' });
  // An expired licence is shown, and does not stop the completion.
  await expect(dialog.getByText('Licence NICET-4471: Licence expired on Jan 31, 2020')).toBeVisible();

  await dialog.getByRole('button', { name: 'Add deficiency' }).click();
  await dialog.getByLabel('Description 1').fill('Panel shows a ground fault');
  await dialog.getByLabel('Severity 1').selectOption({ label: 'Critical' });
  await dialog.getByLabel('Location 1').fill('Main panel, lobby');
  await dialog.getByLabel('Corrective action 1').fill('Find and clear the ground fault');
  // A photo as a phone camera gives it: a JPEG the browser itself encodes.
  const jpeg = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#c0392b';
    ctx.fillRect(0, 0, 64, 48);
    return canvas.toDataURL('image/jpeg', 0.8).split(',')[1]!;
  });
  await dialog.getByLabel('Photos 1').setInputFiles({ name: 'panel.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg, 'base64') });
  await dialog.getByRole('button', { name: 'Add deficiency' }).click();
  await dialog.getByLabel('Description 2').fill('Horn strobe missing on level 2');
  await dialog.getByLabel('Severity 2').selectOption({ label: 'Non-critical' });
  await dialog.getByRole('radio', { name: 'I performed this inspection.' }).check();
  await dialog.getByLabel('Your full name').fill('Ada Byrne');
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Complete Inspection' }).click();
  await expectToast(page, 'Inspection Completed');
  await expect(dialog).toBeHidden();
  // The completed inspection keeps who performed it, the expired licence and the attestation.
  const details = page.getByRole('main');
  await expect(details.getByText('Licence NICET-4471: Licence expired on Jan 31, 2020')).toBeVisible();
  await expect(details.getByText(/Signed Ada Byrne/)).toBeVisible();
  await expect(details.getByRole('link', { name: '2 recorded, 2 open' })).toBeVisible();

  // The dashboard counts open deficiencies, critical marked, and the bell lists the critical one.
  await page.goto('/dashboard');
  await expect(page.getByRole('status', { name: 'Open deficiencies: 2, of which 1 critical' })).toBeVisible();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const bell = page.getByRole('dialog', { name: 'Notifications' });
  await expect(bell.getByRole('region', { name: /Critical deficiencies/ })).toContainText('Panel shows a ground fault');
  await page.keyboard.press('Escape');

  // On a desktop, the properties table shows the open count, critical marked, linking to the tab.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/properties');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: property.name, exact: true }) });
  await expect(row.getByRole('link', { name: '2 (1 critical)' })).toHaveAttribute('href', `/properties/${property.id}?tab=deficiencies`);
  await page.setViewportSize({ width: 375, height: 740 });

  await page.goto(`/properties/${property.id}`);
  const header = page.getByRole('main');
  await expect(header.getByText('Action Needed').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Deficiencies (2)' }).click();
  const critical = page.getByRole('listitem', { name: 'Panel shows a ground fault' });
  const minor = page.getByRole('listitem', { name: 'Horn strobe missing on level 2' });
  await expect(critical).toContainText('Critical');
  await expect(critical).toContainText('Main panel, lobby');
  const photo = critical.getByRole('img', { name: 'Photo 1 of: Panel shows a ground fault' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  await expectNoSidewaysScroll(page);

  await critical.getByRole('button', { name: 'Mark as Corrected' }).click();
  const correct = page.getByRole('dialog', { name: 'Mark as Corrected' });
  await correct.getByLabel('Corrected by').fill('Ada Byrne');
  await correct.getByLabel('Note').fill('Shorted detector base replaced');
  await correct.getByRole('button', { name: 'Save Correction' }).click();
  await expectToast(page, 'Deficiency Corrected');
  await expect(critical).toContainText('Corrected on');
  // One of the two is still open: the item, and so the property, still need action.
  await expect(page.getByRole('tab', { name: 'Deficiencies (1)' })).toBeVisible();
  await expect(header.getByText('Action Needed').first()).toBeVisible();

  await minor.getByRole('button', { name: 'Mark as Corrected' }).click();
  await correct.getByLabel('Corrected by').fill('Ada Byrne');
  await correct.getByRole('button', { name: 'Save Correction' }).click();
  await expect(page.getByRole('tab', { name: 'Deficiencies' })).toBeVisible();
  // A repaired fire alarm is tested again before it counts as passed (NFPA 72 reacceptance
  // testing): the last correction schedules the re-test, and the property waits for it.
  await expect(header.getByText('Fire alarm awaiting re-test after repair').first()).toBeVisible();
  await expect(header.getByText('Action Needed').first()).toBeVisible();
});
