import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, scheduleInspectionViaApi, test } from './fixtures';
import type { Page } from '@playwright/test';

/** A calendar date n days from today (UTC, the suite browser's and the account's time zone). */
const day = (n: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search', exact: true });
const results = (page: Page) => page.getByRole('listbox', { name: 'Search results' });

test('the top-bar search finds properties by address and inspections by assignee, and opens them', async ({ proPage: page }) => {
  const harbor = await addProperty(page, { name: 'Harbor View Offices', city: 'Boston', state: 'MA' });
  const maple = await addProperty(page, { name: 'Maple Court', addressLine1: '12 Harborside Drive', city: 'Austin', state: 'TX' });
  await addProperty(page, { name: 'Gamma School', addressLine1: '9 Elm Avenue', city: 'Reno', state: 'NV' });
  const alarm = await scheduleInspectionViaApi(page, { propertyId: maple.id, inspectionType: 'fire_alarm', dueDate: day(20), assignedTo: 'Dana Harbor' });
  await scheduleInspectionViaApi(page, { propertyId: harbor.id, inspectionType: 'sprinkler_system', dueDate: day(-2), assignedTo: 'Alex Inspector' });

  await page.goto('/dashboard');
  await searchBox(page).fill('harbor');
  const list = results(page);
  await expect(list).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveAttribute('aria-expanded', 'true');

  // Properties: by name, and by street address.
  const properties = list.getByRole('group', { name: 'Properties' });
  await expect(properties.getByRole('option')).toHaveCount(2);
  await expect(properties.getByRole('option', { name: /Harbor View Offices/ })).toContainText('Boston, MA');
  await expect(properties.getByRole('option', { name: /Maple Court/ })).toContainText('Austin, TX');
  await expect(properties.getByRole('option', { name: /Gamma School/ })).toHaveCount(0);

  // Inspections: by property name, and by assignee; soonest first.
  const inspections = list.getByRole('group', { name: 'Inspections' });
  await expect(inspections.getByRole('option')).toHaveCount(2);
  const first = inspections.getByRole('option').first();
  await expect(first).toContainText('Sprinkler System');
  await expect(first).toContainText('Harbor View Offices');
  await expect(first).toContainText('Alex Inspector');
  await expect(first).toContainText('Overdue');
  const byAssignee = inspections.getByRole('option', { name: /^Fire Alarm\s*,\s*Maple Court\s*,\s*assigned to Dana Harbor/ });
  await expect(byAssignee).toContainText('Scheduled');
  await expect(list.getByRole('option', { name: /See all/ })).toHaveCount(0);
  await expectAccessible(page);

  await byAssignee.click();
  await expect(page).toHaveURL(new RegExp(`/inspections/${alarm.id}$`));
  await expect(page.getByRole('heading', { name: 'Inspection Details', level: 1 })).toBeVisible();
  await expect(results(page)).toBeHidden();
  await expect(searchBox(page)).toHaveValue('');

  await searchBox(page).fill('no such place');
  await expect(page.getByText('No properties or inspections match "no such place".', { exact: true }).first()).toBeVisible();
  await page.getByRole('heading', { name: 'Inspection Details', level: 1 }).click();
  await expect(page.getByText('No properties or inspections match "no such place".', { exact: true }).first()).toBeHidden();
});

test('more than five matches offer a way to see them all', async ({ proPage: page }) => {
  for (let i = 1; i <= 6; i++) await addProperty(page, { name: `Riverside Block ${i}` });
  await page.goto('/dashboard');
  await searchBox(page).fill('riverside');
  const properties = results(page).getByRole('group', { name: 'Properties' });
  await expect(properties.getByRole('option')).toHaveCount(6);
  await properties.getByRole('option', { name: 'See all 6 properties' }).click();
  await expect(page).toHaveURL(/\/properties\?q=riverside$/);
  await expect(page.getByRole('heading', { name: '6 properties' })).toBeVisible();
});

test('the search results work from the keyboard', async ({ proPage: page }) => {
  const north = await addProperty(page, { name: 'Northgate Tower', city: 'Denver', state: 'CO' });
  await addProperty(page, { name: 'Northwind Depot', city: 'Omaha', state: 'NE' });
  const check = await scheduleInspectionViaApi(page, { propertyId: north.id, inspectionType: 'smoke_detectors', dueDate: day(10) });

  await page.goto('/dashboard');
  const box = searchBox(page);
  await box.fill('north');
  const options = results(page).getByRole('option');
  await expect(options).toHaveCount(3);
  await expect(box).not.toHaveAttribute('aria-activedescendant');

  const expectActive = async (index: number) => {
    const option = options.nth(index);
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    await expect(results(page).locator('[aria-selected="true"]')).toHaveCount(1);
  };
  await page.keyboard.press('ArrowDown');
  await expectActive(0);
  await page.keyboard.press('ArrowDown');
  await expectActive(1);
  await page.keyboard.press('ArrowDown');
  await expectActive(2);
  await page.keyboard.press('ArrowDown');
  await expectActive(0);
  await page.keyboard.press('ArrowUp');
  await expectActive(2);
  await expect(box).toBeFocused();

  // Escape closes the list and keeps the text; the down arrow opens it again.
  await page.keyboard.press('Escape');
  await expect(results(page)).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue('north');
  await expect(box).not.toHaveAttribute('aria-activedescendant');
  await page.keyboard.press('ArrowDown');
  await expect(results(page)).toBeVisible();

  // Enter opens the highlighted result.
  await page.keyboard.press('ArrowUp');
  await expectActive(2);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/inspections/${check.id}$`));
  await expect(page.getByRole('heading', { name: 'Inspection Details', level: 1 })).toBeVisible();

  // With nothing highlighted, Enter searches the properties list as before.
  await box.fill('north');
  await expect(options).toHaveCount(3);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/properties\?q=north$/);
  await expect(results(page)).toBeHidden();

  // Tabbing away closes the list.
  await box.fill('northgate');
  await expect(options).toHaveCount(2);
  await page.keyboard.press('Tab');
  await expect(results(page)).toBeHidden();
});

test('the bell counts overdue and due-soon inspections and lists them', async ({ proPage: page }) => {
  const harbor = await addProperty(page, { name: 'Harbor View Offices' });
  const maple = await addProperty(page, { name: 'Maple Court' });
  // Types with one requirement each, so the count is the inspections' (a sprinkler system's
  // weekly valve check, say, would be due soon with nothing scheduled).
  const late = await scheduleInspectionViaApi(page, { propertyId: harbor.id, inspectionType: 'other', dueDate: day(-4) });
  await scheduleInspectionViaApi(page, { propertyId: maple.id, inspectionType: 'fire_doors', dueDate: day(3) });
  await scheduleInspectionViaApi(page, { propertyId: maple.id, inspectionType: 'backflow_preventers', dueDate: day(25) });

  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: 'Notifications, 2 need attention' });
  await expect(bell).toBeVisible();
  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  const overdue = popover.getByRole('region', { name: /Overdue/ });
  const dueSoon = popover.getByRole('region', { name: /Due soon/ });
  await expect(overdue.getByRole('link')).toHaveCount(1);
  await expect(overdue.getByRole('link')).toContainText('Other');
  await expect(overdue.getByRole('link')).toContainText('Harbor View Offices');
  await expect(dueSoon.getByRole('link')).toHaveCount(1);
  await expect(dueSoon.getByRole('link')).toContainText('Fire Doors');
  await expect(dueSoon.getByRole('link')).toContainText('Maple Court');
  await expect(popover.getByText('Fire Alarm')).toHaveCount(0);
  await expectAccessible(page);

  // Opening the list looks again: one more due soon since the page loaded.
  await scheduleInspectionViaApi(page, { propertyId: harbor.id, inspectionType: 'smoke_detectors', dueDate: day(1) });
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  // Closing gives focus back to the bell; pressing it again opens the list again.
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeFocused();
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(dueSoon.getByRole('link')).toHaveCount(2);
  // The bell is a toggle: a second press closes the list.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(popover).toBeHidden();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(dueSoon.getByRole('link')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Notifications, 3 need attention' })).toBeVisible();

  await overdue.getByRole('link', { name: /Other/ }).click();
  await expect(page).toHaveURL(new RegExp(`/inspections/${late.id}$`));
  await expect(popover).toBeHidden();

  // Completing it leaves two, both due soon.
  await page.getByRole('button', { name: 'Complete with result' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Inspection' });
  await dialog.getByRole('radio', { name: 'Compliant', exact: true }).check();
  await dialog.getByRole('button', { name: 'Complete Inspection' }).click();
  await expect(page.getByRole('button', { name: 'Notifications, 2 need attention' })).toBeVisible();

  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(popover.getByRole('region', { name: /Overdue/ })).toHaveCount(0);
  await popover.getByRole('link', { name: 'View upcoming and overdue inspections' }).click();
  await expect(page).toHaveURL(/\/inspections\/upcoming$/);
});

test('with nothing due the bell has no count and says so', async ({ signedInPage: page }) => {
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText('Nothing overdue or due soon.')).toBeVisible();
});

test('if the bell cannot load, it says so and tries again', async ({ signedInPage: page }) => {
  let fail = true;
  // A 4xx the query client still retries, which the fixture's console check lets pass.
  await page.route(/\/api\/inspections\?status=/, (route) =>
    fail ? route.fulfill({ status: 429, contentType: 'application/json', body: '{"message":"Too many requests"}' }) : route.fallback(),
  );
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover.getByText('Could not load notifications.')).toBeVisible({ timeout: 15_000 });
  fail = false;
  await popover.getByRole('button', { name: 'Try Again' }).click();
  await expect(popover.getByText('Nothing overdue or due soon.')).toBeVisible();
});

test('on a phone the results span the screen without sideways scrolling', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const property = await addProperty(page, { name: 'Harbor View Offices With A Rather Long Name For A Phone' });
  await scheduleInspectionViaApi(page, { propertyId: property.id, inspectionType: 'other', dueDate: day(-1), assignedTo: 'Alexandra Harbor-Whitfield' });
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Notifications, 1 need attention' })).toBeVisible();
  await searchBox(page).fill('harbor');
  const list = results(page);
  await expect(list.getByRole('option')).toHaveCount(2);
  const box = await list.boundingBox();
  expect(box!.x).toBeLessThanOrEqual(1);
  expect(box!.width).toBeGreaterThanOrEqual(373);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await list.getByRole('option', { name: /Harbor View Offices/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`/properties/${property.id}$`));
});

test('typing on in the top-bar search while the next page loads keeps the box and its results', async ({ proPage: page }) => {
  await addProperty(page, { name: 'Northgate Tower', city: 'Denver', state: 'CO' });
  await addProperty(page, { name: 'Northwind Depot', city: 'Omaha', state: 'NE' });
  // The properties page's code arrives late, as on a slow phone connection.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/properties-page-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });

  await page.goto('/dashboard');
  const box = searchBox(page);
  await box.fill('north');
  await expect(results(page).getByRole('option')).toHaveCount(2);
  await page.keyboard.press('Enter');
  await box.fill('northgate');
  await expect(results(page).getByRole('option')).toHaveCount(1);

  release();
  await expect(page.getByRole('heading', { name: /propert/i, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/properties\?q=north$/);
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('northgate');
  await expect(results(page).getByRole('option')).toHaveCount(1);
});
