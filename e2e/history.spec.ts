import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, test } from './fixtures';

const origin = () => new URL(test.info().project.use.baseURL!).origin;

test('an owner reads who changed a property and from what, on its History tab and in Settings, and exports it', async ({ proPage: page }) => {
  const property = await addProperty(page, { name: 'Harbor View Offices' });
  const edited = await page.request.put(`/api/properties/${property.id}`, {
    data: { name: 'Harbor View Tower', propertyType: 'commercial', addressLine1: '100 Harbor Way', city: 'Salem', state: 'MA', zip: '01970', country: 'us', managerEmail: 'facilities@example.com' },
    headers: { origin: origin() },
  });
  expect(edited.status()).toBe(200);

  await page.goto(`/properties/${property.id}`);
  await page.getByRole('tab', { name: 'History' }).click();
  const list = page.getByRole('list', { name: 'Changes to this property, newest first' });
  const edit = list.getByRole('listitem').first();
  await expect(edit.getByRole('heading', { name: 'Property edited: Harbor View Tower' })).toBeVisible();
  await expect(edit.getByText('By Robin Fischer')).toBeVisible();
  await expect(edit.getByText('from Harbor View Offices → to Harbor View Tower')).toBeVisible();
  await expect(edit.getByText('from Boston → to Salem')).toBeVisible();
  await expect(list.getByRole('listitem').nth(1).getByRole('heading', { name: 'Property added: Harbor View Offices' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/settings#history');
  const card = page.locator('section#history');
  await expect(card.getByRole('heading', { name: 'History' })).toBeVisible();
  const all = card.getByRole('list', { name: 'Changes in the organisation, newest first' });
  await expect(all.getByRole('heading', { name: 'Property edited: Harbor View Tower' })).toBeVisible();
  await expectAccessible(page);
  await card.getByLabel('Kind of change').selectOption('property.created');
  await expect(all.getByRole('heading', { name: 'Property edited: Harbor View Tower' })).toBeHidden();
  await expect(all.getByRole('heading', { name: 'Property added: Harbor View Offices' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/organizations/current/history.csv?kind=property.created');
  const csv = await page.request.get('/api/organizations/current/history.csv?kind=property.created');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('Property added,Harbor View Offices');

  await card.getByLabel('From', { exact: true }).fill('2001-01-02');
  await card.getByLabel('To', { exact: true }).fill('2001-01-01');
  await expect(card.getByText('The last day must be on or after the first day')).toBeVisible();
  await card.getByLabel('To', { exact: true }).fill('2001-01-03');
  await expect(card.getByText('No changes match these filters.')).toBeVisible();
  await card.getByRole('button', { name: 'Clear filters' }).click();
  await expect(all.getByRole('heading', { name: 'Property edited: Harbor View Tower' })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/properties/${property.id}?tab=history`);
  await expect(page.getByRole('heading', { name: 'Property edited: Harbor View Tower' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
