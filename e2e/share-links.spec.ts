import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, expectToast, test } from './fixtures';

const RECIPIENT = "Salem Fire Marshal's Office";

test('an owner shares a property with a fire marshal, who opens it without an account; once revoked, the link says so', async ({ proPage: page, browser }) => {
  const origin = { origin: new URL(test.info().project.use.baseURL!).origin };
  const property = await addProperty(page, { name: 'Harbor View Offices' });
  const added = await page.request.post(`/api/properties/${property.id}/safety-items`, {
    data: { itemType: 'fire_extinguisher', nextDueDate: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10) },
    headers: origin,
  });
  expect(added.status()).toBe(201);
  const organization = (await (await page.request.get('/api/organizations/current')).json()) as { timeZone: string };
  const renamed = await page.request.put('/api/organizations/current', { data: { name: 'Harbor Holdings', timeZone: organization.timeZone }, headers: origin });
  expect(renamed.status()).toBe(200);
  const report = await page.request.post('/api/reports', { data: { propertyId: property.id, reportType: 'fire_safety' }, headers: origin });
  expect(report.status()).toBe(201);
  const { reportNumber, verifyPath } = (await report.json()) as { reportNumber: string; verifyPath: string };
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

  await page.goto(`/properties/${property.id}`);
  await page.getByRole('tab', { name: 'Share' }).click();
  await expect(page.getByText('Not shared yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Share Property' }).click();

  const dialog = page.getByRole('dialog', { name: 'Share Harbor View Offices' });
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  await expect(dialog.getByText('Say who the link is for', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Shared with').fill(RECIPIENT);
  await expect(dialog.getByLabel('Works until')).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'Create Link' }).click();

  const created = page.getByRole('dialog', { name: 'Share link created' });
  const url = await created.getByLabel('Share link').inputValue();
  expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{22}$/);
  await created.getByRole('button', { name: 'Copy' }).click();
  await expectToast(page, 'Link Copied', `Send it to ${RECIPIENT}.`);
  await created.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('listitem', { name: `Share link for ${RECIPIENT}` });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText(/Not opened yet/)).toBeVisible();

  // Someone without an account opens it, in a browser of their own.
  const stranger = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const outside = await stranger.newPage();
  const failures: string[] = [];
  outside.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  outside.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });
  await outside.goto(new URL(url).pathname);
  await expect(outside.getByRole('heading', { level: 1, name: 'Harbor View Offices' })).toBeVisible();
  await expect(outside.locator('p').filter({ hasText: /^Shared by / })).toHaveText(
    new RegExp(`^Shared by Robin Fischer of Harbor Holdings with ${RECIPIENT} on .+\\. This link works until the end of .+\\.$`),
  );
  await expect(outside.getByText('100 Harbor Way, Boston, MA 02110, United States')).toBeVisible();
  const item = outside.getByRole('listitem', { name: 'Fire Extinguishers' });
  await expect(item.getByRole('heading', { name: 'Fire Extinguishers' })).toBeVisible();
  await expect(item.getByText('Never Inspected').first()).toBeVisible();
  await expect(outside.getByRole('link', { name: `Verify report ${reportNumber}` })).toHaveAttribute('href', verifyPath);
  await expect(outside.getByText('facilities@example.com')).toHaveCount(0);
  await expect(outside.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(outside.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectAccessible(outside);
  // It asked nothing of a session: no 401, no error of any kind.
  expect(failures).toEqual([]);

  // Printed, it shows no buttons.
  await outside.emulateMedia({ media: 'print' });
  await expect(outside.getByRole('button', { name: 'Print' })).toBeHidden();
  await outside.emulateMedia({ media: 'screen' });

  // On a phone, it fits the screen.
  const phone = await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, baseURL: test.info().project.use.baseURL });
  const onPhone = await phone.newPage();
  await onPhone.goto(new URL(url).pathname);
  await expect(onPhone.getByRole('heading', { level: 1, name: 'Harbor View Offices' })).toBeVisible();
  await expectNoSidewaysScroll(onPhone);
  await phone.close();

  // The sharer sees who opened it.
  await page.reload();
  await expect(row.getByText(/Opened 2 times, last/)).toBeVisible();
  await row.getByText('Who opened it').click();
  await expect(row.getByRole('table')).toContainText('Chrome on');
  await expectAccessible(page);

  // Revoked, it stops at once.
  await row.getByRole('button', { name: `Revoke the link for ${RECIPIENT}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke Link' }).click();
  await expectToast(page, 'Share Link Revoked', `The link for ${RECIPIENT} no longer works.`);
  await expect(row.getByText('Revoked', { exact: true })).toBeVisible();

  await outside.reload();
  await expect(outside.getByRole('heading', { level: 1, name: 'This share link no longer works' })).toBeVisible();
  await expect(outside.getByText('This share link was revoked by Harbor Holdings.')).toBeVisible();
  await expect(outside.getByText('Harbor View Offices')).toHaveCount(0);

  // An address that was never a link says so too.
  await outside.goto('/share/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(outside.getByRole('heading', { level: 1, name: 'Share link not found' })).toBeVisible();
  await stranger.close();
});
