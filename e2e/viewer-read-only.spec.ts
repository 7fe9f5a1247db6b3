import { addProperty, expect, expectAccessible, newAccountData, scheduleInspectionViaApi, test } from './fixtures';
import { addMember, confirmAddress, grantOrganizationPro, ownOrganizationId } from './support/members';

const today = () => new Date().toISOString().slice(0, 10);

test('a viewer reads everything they are given and is offered nothing that would change it', async ({ signedInPage: page, account }) => {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const organizationId = await ownOrganizationId(account.username);
  await grantOrganizationPro(organizationId);
  const property = await addProperty(page, { name: 'Riverside Lofts' });
  const inspection = await scheduleInspectionViaApi(page, { propertyId: property.id, inspectionType: 'fire_alarm', dueDate: today() });

  // An insurer's auditor with an account of their own, a viewer of the whole organisation.
  const auditor = newAccountData();
  expect((await page.request.post('/api/auth/register', { data: auditor, headers: { origin } })).status()).toBe(201);
  await confirmAddress(auditor.username);
  await addMember({ organizationId, username: auditor.username, role: 'viewer' });
  expect((await page.request.post('/api/auth/login', { data: { username: auditor.username, password: auditor.password }, headers: { origin } })).status()).toBe(200);
  expect((await page.request.post(`/api/organizations/${organizationId}/switch`, { headers: { origin } })).status()).toBe(200);

  await page.goto('/properties');
  const sidebar = page.locator('aside');
  await expect(sidebar.getByRole('button', { name: /^Organisation/ })).toContainText('Viewer');
  await expect(page.getByRole('link', { name: 'Riverside Lofts' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Property' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'Billing' })).toHaveCount(0);

  // The property: its compliance and schedule to read, no Schedule, Edit, Delete or requirement changes.
  await page.getByRole('link', { name: 'Riverside Lofts' }).click();
  await expect(page.getByRole('heading', { name: 'Riverside Lofts', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Compliance Schedule' })).toBeVisible();
  for (const name of ['Schedule Inspection', 'Edit Property', 'Delete', 'Add safety item', 'Add custom requirement', 'Generate Report']) {
    await expect(page.getByRole('main').getByRole('button', { name }).or(page.getByRole('main').getByRole('link', { name }))).toHaveCount(0);
  }
  await expectAccessible(page);

  // The inspection: its details, no Complete, Reschedule, Edit or Delete.
  await page.goto(`/inspections/${inspection.id}`);
  await expect(page.getByRole('heading', { name: 'Inspection Details' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Riverside Lofts');
  for (const name of ['Mark as Completed', 'Complete with result', 'Reschedule', 'Edit Inspection', 'Delete']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }

  // Settings: their own profile, the organisation read-only, none of the organisation's tools.
  await page.goto('/settings');
  const menu = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(menu.getByRole('link')).toHaveText(['Profile', 'Password', 'Notifications', 'On this device', 'Organisation', 'Inspectors']);
  await expect(page.getByRole('region', { name: 'Organisation' }).getByRole('button', { name: 'Save Organisation' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Inspectors' }).getByRole('button', { name: 'Add Inspector' })).toHaveCount(0);
});
