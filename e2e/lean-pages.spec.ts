import { addProperty, expect, recordLoadingStates, scheduleInspectionViaApi, test } from './fixtures';

/**
 * The pages people open to look rather than to fill in a form download no form validation
 * (zod, about 24 KB) until a form is reached for (docs/architecture.md). zod's code names its
 * error class, "ZodError".
 */
test('the lists and the pages of a property and an inspection download no form validation until a form is reached for', async ({ proPage: page }) => {
  const property = await addProperty(page, { name: 'Alpha Tower' });
  const dueDate = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const inspection = await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate });
  const validationFetched: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script' && (await response.text()).includes('ZodError')) validationFetched.push(new URL(response.url()).pathname);
  });

  const pages: [path: string, heading: string][] = [
    ['/dashboard', 'Dashboard'],
    ['/properties', 'Properties'],
    ['/inspections', 'Inspections'],
    ['/inspections/upcoming', 'Upcoming Inspections'],
    [`/properties/${property.id}`, 'Alpha Tower'],
    [`/inspections/${inspection.id}`, 'Inspection Details'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(validationFetched, `scripts with zod fetched by ${path}`).toEqual([]);
  }

  // Reached for, the form loads with its validation and opens.
  await page.getByRole('button', { name: 'Edit Inspection' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Inspection' })).toBeVisible();
  await expect.poll(() => validationFetched.length).toBeGreaterThan(0);
});

test("a first load of a property's or an inspection's page draws it with its first screen, each answer asked for once", async ({ proPage: page }) => {
  const property = await addProperty(page, { name: 'Alpha Tower' });
  const dueDate = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const inspection = await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate, assignedTo: 'Soon Sam' });
  const loadingSeen = await recordLoadingStates(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(`/api/properties/${property.id}`) || url.pathname.startsWith(`/api/inspections/${inspection.id}`)) asked.push(url.pathname);
  });

  // As from a reminder's e-mail: the inspection and its reminders come with the page's code.
  await page.goto(`/inspections/${inspection.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Inspection Details' })).toBeVisible();
  await expect(page.getByText('Soon Sam')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked.sort()).toEqual([`/api/inspections/${inspection.id}`, `/api/inspections/${inspection.id}/reminder-logs`]);
  expect(await loadingSeen()).toContain('Loading Firemark...');
  expect(await loadingSeen()).not.toContain('Loading inspection...');

  // The property, and its compliance schedule on the overview tab.
  asked.length = 0;
  await page.goto(`/properties/${property.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Alpha Tower' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const propertyAnswers = [`/api/properties/${property.id}`, `/api/properties/${property.id}/requirements`];
  expect(asked.filter((path) => propertyAnswers.includes(path)).sort()).toEqual(propertyAnswers);
  expect(await loadingSeen()).not.toContain('Loading property...');
  expect(await loadingSeen()).not.toContain('Loading the compliance schedule...');
});
