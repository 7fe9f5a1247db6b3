import type { APIRequestContext } from '@playwright/test';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, expectToast, newAccountData, test } from './fixtures';
import { addMember, confirmAddress, grantOrganizationPro, ownOrganizationId } from './support/members';

const origin = () => new URL(test.info().project.use.baseURL!).origin;

/** Another company's owner, signed in on a client of their own, with one property. */
async function otherCompany(api: APIRequestContext) {
  const owner = newAccountData();
  expect((await api.post('/api/auth/register', { data: owner, headers: { origin: origin() } })).status()).toBe(201);
  await confirmAddress(owner.username);
  expect((await api.post('/api/auth/login', { data: { username: owner.username, password: owner.password }, headers: { origin: origin() } })).status()).toBe(200);
  const renamed = await api.put('/api/organizations/current', { data: { name: 'Salem Property Group', timeZone: 'America/New_York' }, headers: { origin: origin() } });
  expect(renamed.status()).toBe(200);
  const property = await api.post('/api/properties', {
    data: { name: 'Maple Court', propertyType: 'residential', addressLine1: '8 Maple Street', city: 'Salem', state: 'MA', zip: '01970', country: 'us', managerEmail: 'office@example.com' },
    headers: { origin: origin() },
  });
  expect(property.status()).toBe(201);
  const organizationId = await ownOrganizationId(owner.username);
  await grantOrganizationPro(organizationId);
  return { organizationId };
}

test('a member of two organisations switches between them, sees only the properties of the one in use, and creates a third', async ({
  signedInPage: page,
  account,
  playwright,
}) => {
  await addProperty(page, { name: 'Harbor View Offices' });
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const salem = await otherCompany(api);
  await api.dispose();
  await addMember({ organizationId: salem.organizationId, username: account.username, role: 'manager' });

  await page.goto('/properties');
  const sidebar = page.locator('aside');
  // The properties list, drawn as a table on a wide screen.
  const properties = page.getByRole('main');
  const switcher = sidebar.getByRole('button', { name: /^Organisation/ });
  // Their own organisation, where they are the owner.
  await expect(switcher).toContainText('Owner');
  await expect(properties.getByRole('link', { name: 'Harbor View Offices', exact: true })).toBeVisible();

  // The menu lists both organisations with the role in each.
  await switcher.click();
  const salemItem = page.getByRole('menuitem', { name: /Salem Property Group/ });
  await expect(salemItem).toContainText('Manager');
  await salemItem.click();
  await expectToast(page, 'Organisation switched', 'You are now working in Salem Property Group.');
  // Each switch opens the organisation's home.
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(switcher).toContainText('Salem Property Group');
  await expect(switcher).toContainText('Manager');
  await expectAccessible(page);

  // Nothing of the first organisation shows in the second, and the other way round.
  await sidebar.getByRole('link', { name: 'Properties' }).click();
  await expect(page.getByRole('heading', { name: 'Properties', level: 1 })).toBeVisible();
  await expect(properties.getByRole('link', { name: 'Maple Court', exact: true })).toBeVisible();
  await expect(properties.getByRole('link', { name: 'Harbor View Offices', exact: true })).toHaveCount(0);
  // A manager is not the owner: no billing in the menu, and the organisation's settings read-only.
  await expect(sidebar.getByRole('link', { name: 'Billing' })).toHaveCount(0);
  await sidebar.getByRole('link', { name: 'Settings' }).click();
  const organisation = page.getByRole('region', { name: 'Organisation' });
  await expect(organisation.getByText('Salem Property Group', { exact: true })).toBeVisible();
  await expect(organisation.getByText(/Only owners and admins can do this/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'API tokens' })).toHaveCount(0);

  // A third organisation: created from the same menu, owned by them, empty.
  await switcher.click();
  await page.getByRole('menuitem', { name: 'Create organisation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create organisation' });
  await dialog.getByRole('button', { name: 'Create organisation' }).click();
  await expect(dialog.getByText('Organisation name must be at least 2 characters')).toBeVisible();
  await dialog.getByLabel('Organisation name').fill('Coastal Holdings');
  await dialog.getByRole('button', { name: 'Create organisation' }).click();
  await expectToast(page, 'Organisation created', 'Coastal Holdings is ready. You are its owner.');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(switcher).toContainText('Coastal Holdings');
  await expect(switcher).toContainText('Owner');
  await sidebar.getByRole('link', { name: 'Properties' }).click();
  await expect(page.getByRole('heading', { name: 'Properties', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No properties yet' })).toBeVisible();
  await expect(properties.getByRole('link', { name: 'Maple Court', exact: true })).toHaveCount(0);
  // Its owner names it in Settings, and the menu says so.
  await sidebar.getByRole('link', { name: 'Settings' }).click();
  const ownOrganisation = page.getByRole('region', { name: 'Organisation' });
  await expect(ownOrganisation.getByLabel('Organisation name')).toHaveValue('Coastal Holdings');
  await ownOrganisation.getByLabel('Organisation name').fill('Coastal Holdings Ltd');
  await ownOrganisation.getByRole('button', { name: 'Save Organisation' }).click();
  await expectToast(page, 'Organisation updated');
  await expect(switcher).toContainText('Coastal Holdings Ltd');

  // And back to the first, which has kept its property.
  await switcher.click();
  await expect(page.getByRole('menuitem')).toHaveCount(4);
  await page.getByRole('menuitem', { name: /Owner/ }).filter({ hasNotText: 'Coastal Holdings' }).click();
  await expectToast(page, 'Organisation switched');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(switcher).toContainText('Owner');
  await sidebar.getByRole('link', { name: 'Properties' }).click();
  await expect(page.getByRole('heading', { name: 'Properties', level: 1 })).toBeVisible();
  await expect(properties.getByRole('link', { name: 'Harbor View Offices', exact: true })).toBeVisible();
  await expect(properties.getByRole('link', { name: 'Maple Court', exact: true })).toHaveCount(0);
});

test('on a phone, the menu shows the organisation and role, and switches', async ({ signedInPage: page, account, playwright }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const salem = await otherCompany(api);
  await api.dispose();
  await addMember({ organizationId: salem.organizationId, username: account.username, role: 'viewer' });

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const sheet = page.getByRole('dialog', { name: /menu/ });
  const switcher = sheet.getByRole('button', { name: /^Organisation/ });
  await expect(switcher).toContainText('Owner');
  await switcher.click();
  await page.getByRole('menuitem', { name: /Salem Property Group/ }).click();
  await expectToast(page, 'Organisation switched', 'You are now working in Salem Property Group.');
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Properties' }).click();
  await expect(page.getByRole('heading', { name: 'Properties', level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Maple Court' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: /menu/ }).getByRole('button', { name: /^Organisation/ })).toContainText('Viewer');
});
