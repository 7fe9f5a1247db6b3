import type { APIRequestContext, Page } from '@playwright/test';
import { addProperty, expect, expectAccessible, newAccountData, test } from './fixtures';
import { addMember, confirmAddress, ownOrganizationId } from './support/members';
import type { Role } from '../src/shared/permissions';

const origin = () => new URL(test.info().project.use.baseURL!).origin;

/** Another company on the Free plan, with the test's own account made a member of it and switched to it. */
async function memberOfFreeCompany(page: Page, api: APIRequestContext, username: string, role: Role, name: string) {
  const owner = newAccountData();
  expect((await api.post('/api/auth/register', { data: owner, headers: { origin: origin() } })).status()).toBe(201);
  await confirmAddress(owner.username);
  expect((await api.post('/api/auth/login', { data: { username: owner.username, password: owner.password }, headers: { origin: origin() } })).status()).toBe(200);
  expect((await api.put('/api/organizations/current', { data: { name, timeZone: 'America/New_York' }, headers: { origin: origin() } })).status()).toBe(200);
  const organizationId = await ownOrganizationId(owner.username);
  await addMember({ organizationId, username, role });
  expect((await page.request.post(`/api/organizations/${organizationId}/switch`, { headers: { origin: origin() } })).status()).toBe(200);
}

test('on the Free plan only the owner is offered the upgrade, and empty screens offer each role only what it can do', async ({
  signedInPage: page,
  account,
  playwright,
}) => {
  // Their own organisation, on Free, where they are the owner: the banner and the upgrade are theirs.
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Upgrade to Unlock PDF Reports' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Upgrade' }).first()).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Free plan' })).toBeVisible();

  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  // An admin of another company on Free: told who can upgrade, with no way to a Billing page that refuses them.
  await memberOfFreeCompany(page, api, account.username, 'admin', 'Salem Property Group');
  await page.goto('/reports');
  // SPEC's heading, as the owner sees it; where the owner has the button, they are told whom to ask.
  await expect(page.getByRole('heading', { name: 'Upgrade to Unlock PDF Reports' })).toBeVisible();
  await expect(page.getByText('This organisation is on the Free plan. Only an owner can upgrade it to Firemark Pro: ask one of its owners.')).toBeVisible();
  await expect(page.getByRole('main').getByText('Ask an owner to upgrade')).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: /Upgrade/ })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: /Upgrade/ })).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Free plan' })).toHaveCount(0);
  // An admin may add properties: the empty dashboard invites them to.
  await expect(page.getByRole('main').getByRole('link', { name: 'Add Your First Property' })).toBeVisible();
  await expectAccessible(page);

  // A viewer of a third company: no invitation to add or schedule anything.
  await memberOfFreeCompany(page, api, account.username, 'viewer', 'Coastal Holdings');
  await api.dispose();
  await page.goto('/dashboard');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'No properties to show yet' })).toBeVisible();
  await expect(main.getByText('The properties you are given in this organisation appear here.')).toBeVisible();
  await expect(main.getByText('No inspections due in the next 30 days.')).toBeVisible();
  for (const name of ['Add Your First Property', 'Schedule an Inspection', 'Upgrade']) await expect(main.getByRole('link', { name })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Free plan' })).toHaveCount(0);
  await page.goto('/inspections');
  await expect(main.getByRole('heading', { name: 'No open inspections.' })).toBeVisible();
  await expect(main.getByText('Inspections are scheduled by owners, admins and managers.')).toBeVisible();
  await expect(main.getByRole('link', { name: /Schedule/ })).toHaveCount(0);
  await expectAccessible(page);
});

test('an inspector who opens the dashboard lands on My inspections, and the dashboard’s data is never asked for', async ({
  signedInPage: page,
  account,
  playwright,
}) => {
  const organizationId = await ownOrganizationId(account.username);
  await addProperty(page, { name: 'Riverside Lofts' });
  const owner = newAccountData();
  // Signed up on a client of its own: signing up signs that client in.
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await api.post('/api/auth/register', { data: owner, headers: { origin: origin() } })).status()).toBe(201);
  await api.dispose();
  await confirmAddress(owner.username);
  // The test's account becomes an inspector of another company, whose dashboard it then opens.
  const other = await ownOrganizationId(owner.username);
  expect(other).not.toBe(organizationId);
  await addMember({ organizationId: other, username: account.username, role: 'inspector' });
  expect((await page.request.post(`/api/organizations/${other}/switch`, { headers: { origin: origin() } })).status()).toBe(200);

  // What only the dashboard asks for: its figures and its six properties.
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/dashboard/stats' || (url.pathname === '/api/properties' && url.searchParams.get('limit') === '6')) asked.push(url.href);
  });
  // A first load of /dashboard, and a navigation to it within the app.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/my-inspections$/);
  await expect(page.getByRole('heading', { name: 'My inspections', level: 1 })).toBeVisible();
  await page.evaluate(() => {
    window.history.pushState({}, '', '/dashboard');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/my-inspections$/);
  await expect(page.getByRole('heading', { name: 'My inspections', level: 1 })).toBeVisible();
  expect(asked).toEqual([]);
});
