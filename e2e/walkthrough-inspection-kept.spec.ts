import { addProperty, expect, expectToast, test } from './fixtures';

test("on a phone, deleting a finished walk-through's inspection is refused with why, and the inspection stays", async ({ proPage: page }) => {
  const headers = { origin: new URL(test.info().project.use.baseURL!).origin };
  await page.setViewportSize({ width: 375, height: 812 });

  // A walk of two extinguishers, both passed and finished, through the phone's calls.
  const property = await addProperty(page, { name: 'Quay Offices' });
  const today = new Date().toISOString().slice(0, 10);
  expect((await page.request.post(`/api/properties/${property.id}/safety-items`, { data: { itemType: 'fire_extinguisher', nextDueDate: today }, headers })).status()).toBe(201);
  const added = await page.request.post(`/api/properties/${property.id}/devices/bulk`, {
    data: { count: 2, itemType: 'fire_extinguisher', subtype: 'dry_chemical', rating: '5 lb', location: { building: 'Main', floor: '1' } },
    headers,
  });
  expect(added.status()).toBe(201);
  const devices = (await added.json()) as { id: number }[];
  const requirements = (await (await page.request.get(`/api/properties/${property.id}/requirements`)).json()) as { id: number; activity: string }[];
  const monthly = requirements.find((r) => r.activity === 'Monthly visual inspection')!;
  const walk = (await (await page.request.post(`/api/properties/${property.id}/walkthroughs`, { data: { requirementId: monthly.id }, headers })).json()) as { id: number; inspectionId: number };
  for (const device of devices) {
    const tapped = await page.request.put(`/api/walkthroughs/${walk.id}/results/${device.id}`, { data: { clientId: crypto.randomUUID(), result: 'pass' }, headers });
    expect(tapped.status()).toBe(200);
  }
  const finished = await page.request.post(`/api/walkthroughs/${walk.id}/finish`, { data: { attestation: { accepted: true, role: 'recorder', typedName: 'Pat Pro' } }, headers });
  expect(finished.status()).toBe(200);

  await page.goto(`/inspections/${walk.inspectionId}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Inspection' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Error', "A walk-through recorded this inspection, and its devices' history and dates come from it. Correct its result or notes instead, so the record is kept.");
  await page.goto(`/inspections/${walk.inspectionId}`);
  await expect(page.getByRole('heading', { name: 'Inspection not found' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
});
