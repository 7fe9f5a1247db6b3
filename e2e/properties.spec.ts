import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, expectToast, recordLoadingStates, test } from './fixtures';

test('a free account adds a property, then meets the limit and the upgrade prompts', async ({ signedInPage: page }) => {
  await page.goto('/properties');
  await expect(page.getByRole('heading', { name: 'No properties yet' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Free plan' })).toContainText('Free Plan - 1 property, 1 inspection. Upgrade for unlimited access.');
  await page.getByRole('link', { name: 'Add Property' }).first().click();
  await expect(page.getByRole('heading', { name: 'Add New Property', level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add Property' }).click();
  for (const message of ['Property name is required', 'Address is required', 'City is required', 'State is required', 'ZIP code is required', 'Invalid email address']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Property name').fill('Harbor View Offices');
  await page.getByLabel('Property type').selectOption('healthcare');
  await page.getByLabel('Manager email').fill('facilities@example.com');
  await page.getByLabel('Address line 1').fill('100 Harbor Way');
  await page.getByLabel('City').fill('Toronto');
  await page.getByLabel('State / Province').fill('ON');
  await page.getByLabel('ZIP / Postal code').fill('M5V 2T6');
  await page.getByLabel('Country').selectOption('ca');
  await page.getByRole('button', { name: 'Add Property' }).click();

  await expectToast(page, 'Property Added', 'Property added successfully.');
  // The new property opens.
  await expect(page).toHaveURL(/\/properties\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Harbor View Offices');
  await page.goto('/properties');
  // A desktop lists properties as table rows.
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Harbor View Offices' }) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Healthcare');
  await expect(row).toContainText('Pending');

  // At the free limit: no Add or Import; the main button leads to Billing instead (issue 30, item 9).
  await expect(page.getByRole('button', { name: 'Import CSV' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Upgrade to Add Properties' })).toHaveAttribute('href', '/billing');
  await expect(page.getByRole('link', { name: 'Upgrade', exact: true })).toHaveCount(1);
  await row.getByRole('button', { name: 'Actions for Harbor View Offices' }).click();
  await expect(page.getByRole('menuitem', { name: 'Reports (Pro)' })).toHaveAttribute('href', '/billing');
  await page.keyboard.press('Escape');

  await row.getByRole('link', { name: 'Harbor View Offices' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Harbor View Offices');
  await expect(page.getByText('Canada')).toBeVisible();
  await expect(page.getByText('No compliance items yet. Schedule an inspection to start tracking.')).toBeVisible();
  await expectAccessible(page);
});

test('a person edits and deletes a property, with confirmation', async ({ signedInPage: page }) => {
  const property = await addProperty(page, { name: 'Maple Street Apartments' });
  await page.goto(`/properties/${property.id}`);
  await page.getByRole('button', { name: 'Edit Property' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Property' });
  await dialog.getByLabel('Property name').fill('Maple Street Lofts');
  await dialog.getByLabel('City').fill('');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('City is required')).toBeVisible();
  await dialog.getByLabel('City').fill('Chicago');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Property Updated', 'Property updated successfully.');
  // Keyboard focus goes back to what opened the dialog.
  await expect(page.getByRole('button', { name: 'Edit Property' })).toBeFocused();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Maple Street Lofts');

  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this property?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete Property' }).click();
  await expectToast(page, 'Property Deleted', 'Property deleted successfully.');
  await expect(page).toHaveURL(/\/properties$/);
  await expect(page.getByRole('heading', { name: 'No properties yet' })).toBeVisible();

  await page.goto(`/properties/${property.id}`);
  await expect(page.getByRole('heading', { name: 'Property not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Properties' }).click();
  await expect(page).toHaveURL(/\/properties$/);
});

test('a list read answered before a delete went through does not bring the property back', async ({ signedInPage: page }) => {
  const property = await addProperty(page, { name: 'Cedar Court' });
  // What the server said before the delete: the property is still there.
  const staleList = await page.request.get('/api/properties?sort=created_desc&limit=24&offset=0');
  expect(await staleList.json()).toHaveLength(1);
  await page.goto(`/properties/${property.id}`);

  // The list page asks while the delete is still on its way; that read is answered late,
  // with the old list, after the delete has been confirmed.
  let listAsked!: () => void;
  const listRequested = new Promise<void>((resolve) => (listAsked = resolve));
  let deleteSeen!: () => void;
  const deleteConfirmed = new Promise<void>((resolve) => (deleteSeen = resolve));
  await page.route(`**/api/properties/${property.id}`, async (route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    await listRequested;
    await route.fulfill({ response: await route.fetch() });
  });
  await page.route(
    (url) => url.pathname === '/api/properties',
    async (route) => {
      listAsked();
      await deleteConfirmed;
      await route.fulfill({ response: staleList }).catch(() => {
        // The app may have given up on this read already; then there is nothing to answer.
      });
    },
    { times: 1 },
  );

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Property' }).click();
  await expectToast(page, 'Property Deleted', 'Property deleted successfully.');
  deleteSeen();
  await expect(page.getByRole('heading', { name: 'No properties yet' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Cedar Court' })).toBeHidden();
});

test('a Pro account searches, filters and sorts its properties', async ({ proPage: page }) => {
  await addProperty(page, { name: 'Alpha Tower', city: 'Denver', propertyType: 'commercial' });
  await addProperty(page, { name: 'Beta Clinic', city: 'Austin', propertyType: 'healthcare' });
  await addProperty(page, { name: 'Gamma School', city: 'Reno', propertyType: 'education' });
  await page.goto('/properties');
  const names = () => page.getByRole('table').getByRole('row').locator('td:first-child').allInnerTexts();
  await expect(page.getByRole('heading', { name: '3 properties' })).toBeVisible();

  await page.getByLabel('Search properties').fill('austin');
  await expect.poll(names).toEqual(['Beta Clinic']);
  await expect(page).toHaveURL(/q=austin/);
  await page.getByLabel('Search properties').fill('');
  await page.getByLabel('Property type').selectOption('education');
  await expect.poll(names).toEqual(['Gamma School']);
  await page.getByLabel('Property type').selectOption({ label: 'All types' });
  await page.getByLabel('Compliance status').selectOption('compliant');
  await expect(page.getByRole('heading', { name: 'No properties match your search' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();

  await page.getByLabel('Sort by').selectOption({ label: 'Name Z-A' });
  await expect.poll(names).toEqual(['Gamma School', 'Beta Clinic', 'Alpha Tower']);
  await page.getByLabel('Sort by').selectOption({ label: 'Name A-Z' });
  await expect.poll(names).toEqual(['Alpha Tower', 'Beta Clinic', 'Gamma School']);

  // The top bar's search lands here.
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('Gamma');
  await page.keyboard.press('Enter');
  await expect.poll(names).toEqual(['Gamma School']);
});

test("a first load of the properties page draws the URL's list with its first screen, asked for once", async ({ proPage: page }) => {
  await addProperty(page, { name: 'Alpha Tower', propertyType: 'commercial' });
  await addProperty(page, { name: 'Beta Clinic', propertyType: 'healthcare' });
  await addProperty(page, { name: 'Gamma Clinic', propertyType: 'healthcare' });
  const loadingSeen = await recordLoadingStates(page);
  const asked: URLSearchParams[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/properties') asked.push(url.searchParams);
    if (request.resourceType() === 'script') scripts.push(url.pathname);
  });

  await page.goto('/properties?type=healthcare&sort=name_desc');
  const names = () => page.getByRole('table').getByRole('row').locator('td:first-child').allInnerTexts();
  await expect.poll(names).toEqual(['Gamma Clinic', 'Beta Clinic']);
  await page.waitForLoadState('networkidle');

  // The list the URL chose, asked for once, with the page's code: the screen came with its rows.
  expect(asked.map((params) => [params.get('propertyType'), params.get('sort')])).toEqual([['healthcare', 'name_desc']]);
  expect(await loadingSeen()).toContain('Loading Firemark...');
  expect(await loadingSeen()).not.toContain('Loading properties...');

  // The CSV import and its validation load when first reached for, not with the page.
  expect(scripts.filter((path) => path.includes('csv-import'))).toEqual([]);
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await expect(page.getByRole('dialog', { name: 'Import Properties from CSV' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Import CSV' })).toBeFocused();
});

test('a phone shows property cards without sideways scrolling, and downloads the table only when it turns wide', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await addProperty(page, { name: 'Harbor View Offices' });
  // Radix names each part of its menu in its code, as "DropdownMenuContent" and so on.
  const menuCodeFetched: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script' && (await response.text()).includes('DropdownMenu')) menuCodeFetched.push(response.url());
  });
  await page.goto('/properties');
  await expect(page.getByRole('article', { name: 'Harbor View Offices' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.waitForLoadState('networkidle');
  // The table and its row menus (Radix's menu, floating-ui) are for wide screens.
  expect(menuCodeFetched).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'Harbor View Offices' })).toBeVisible();
  await page.getByRole('button', { name: 'Actions for Harbor View Offices' }).click();
  await expect(page.getByRole('menuitem', { name: 'View Details' })).toBeVisible();
  expect(menuCodeFetched).not.toEqual([]);
});
