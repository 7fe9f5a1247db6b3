import { addProperty, expect, expectAccessible, expectToast, test } from './fixtures';

const origin = () => new URL(test.info().project.use.baseURL!).origin;

test('an owner deletes a second organisation by typing its name and lands in the first; deleting the last leaves a way to start again', async ({
  signedInPage: page,
}) => {
  await addProperty(page, { name: 'Harbor View Offices' });
  const first = (await (await page.request.get('/api/organizations/current')).json()) as { name: string };
  // A second organisation, which the session moves to.
  const created = await page.request.post('/api/organizations', { data: { name: 'Coastal Holdings' }, headers: { origin: origin() } });
  expect(created.status()).toBe(201);
  await addProperty(page, { name: 'Dune Cottages' });

  await page.goto('/settings#organization');
  const organisation = page.getByRole('region', { name: 'Organisation' });
  await expect(organisation.getByLabel('Organisation name')).toHaveValue('Coastal Holdings');
  await organisation.getByRole('button', { name: 'Delete organisation' }).click();

  const dialog = page.getByRole('dialog', { name: 'Delete Coastal Holdings?' });
  await expect(dialog.getByText(/all its properties, inspections, deficiencies/)).toBeVisible();
  await expect(dialog.getByText(/members’ access/)).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Delete organisation' });
  // Not until the name is typed as it is.
  await expect(confirm).toBeDisabled();
  await expect(dialog.getByText('Type the organisation’s name exactly as shown to delete it.')).toBeVisible();
  const typed = dialog.getByLabel('Type Coastal Holdings to confirm');
  await typed.fill('coastal holdings');
  await expect(confirm).toBeDisabled();
  await expectAccessible(page);
  await typed.fill('Coastal Holdings');
  await expect(confirm).toBeEnabled();
  await confirm.click();

  await expectToast(page, 'Organisation deleted', `Coastal Holdings and everything in it were deleted. You are now working in ${first.name}.`);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const switcher = page.locator('aside').getByRole('button', { name: /^Organisation/ });
  await expect(switcher).toContainText(first.name);
  await expect(page.getByRole('main').getByText('Harbor View Offices').first()).toBeVisible();
  // The menu no longer lists it.
  await switcher.click();
  await expect(page.getByRole('menuitem', { name: new RegExp(first.name) })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Coastal Holdings/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The last one: the person is then in none, told so, and offered to create one.
  await page.goto('/settings#organization');
  await organisation.getByRole('button', { name: 'Delete organisation' }).click();
  const last = page.getByRole('dialog', { name: `Delete ${first.name}?` });
  await last.getByLabel(`Type ${first.name} to confirm`).fill(first.name);
  await last.getByRole('button', { name: 'Delete organisation' }).click();
  await expectToast(page, 'Organisation deleted', `${first.name} and everything in it were deleted. You are not in any organisation now: create one to carry on.`);
  const none = page.getByRole('main');
  await expect(none.getByRole('heading', { name: 'You are not in any organisation' })).toBeVisible();
  await expectAccessible(page);
  // Their own settings stay reachable: profile and password, nothing of an organisation.
  await none.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link')).toHaveText(['Profile', 'Password', 'Notifications', 'On this device']);
  await page.locator('aside').getByRole('link', { name: 'Dashboard' }).click();
  await none.getByRole('button', { name: 'Create organisation' }).click();
  const create = page.getByRole('dialog', { name: 'Create organisation' });
  await create.getByLabel('Organisation name').fill('Fresh Start Co');
  await create.getByRole('button', { name: 'Create organisation' }).click();
  await expectToast(page, 'Organisation created', 'Fresh Start Co is ready. You are its owner.');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});
