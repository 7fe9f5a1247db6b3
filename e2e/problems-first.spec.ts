import type { Locator, Page } from '@playwright/test';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, scheduleInspectionViaApi, test } from './fixtures';

/** A calendar date n days from today (UTC, the suite browser's and the account's time zone). */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const origin = () => new URL(test.info().project.use.baseURL!).origin;
const PHONE = { width: 375, height: 812 };

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/work/briefs/out/daily-${name}.png`, fullPage: true });
}

/** Four properties, the third added failing its fire alarm, with three inspections due today at one. */
async function portfolio(page: Page) {
  await addProperty(page, { name: 'Aspen Lofts', propertyType: 'residential', city: 'Denver' });
  const birch = await addProperty(page, { name: 'Birch House', propertyType: 'healthcare', city: 'Austin' });
  const cedar = await addProperty(page, { name: 'Cedar Works', propertyType: 'industrial', city: 'Reno' });
  await addProperty(page, { name: 'Dune Center', propertyType: 'retail', city: 'Tampa' });
  const failed = await scheduleInspectionViaApi(page, { propertyId: cedar.id, inspectionType: 'fire_alarm', dueDate: day(0) });
  const done = await page.request.put(`/api/inspections/${failed.id}`, {
    data: { status: 'completed', complianceStatus: 'non_compliant', notes: 'Panel fault' },
    headers: { origin: origin() },
  });
  expect(done.status()).toBe(200);
  for (const inspectionType of ['sprinkler_system', 'emergency_lighting', 'smoke_detectors']) {
    await scheduleInspectionViaApi(page, { propertyId: birch.id, inspectionType, dueDate: day(0) });
  }
}

/** Whether a select's longest option fits inside it, arrow and padding aside. */
function labelFits(select: Locator): Promise<boolean> {
  return select.evaluate((el) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const widest = Math.max(...[...(el as HTMLSelectElement).options].map((o) => context.measureText(o.text).width));
    return widest <= el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  });
}

const propertyCards = (page: Page) => page.getByRole('article').getByRole('heading').allInnerTexts();

test('desktop: the failing property leads the dashboard, and each stat card opens the list it counts', async ({ proPage: page }) => {
  await portfolio(page);
  await page.goto('/dashboard');
  // Added third of four, the failing one comes first (it would be second under Newest).
  await expect.poll(async () => (await propertyCards(page))[0]).toBe('Cedar Works');
  await expect(page.getByRole('article', { name: 'Cedar Works' })).toContainText('Action Needed');
  // The sort lives in the URL: a reload keeps another choice.
  await page.getByLabel('Sort by').selectOption({ label: 'Name' });
  await expect(page).toHaveURL(/sort=name_asc/);
  await page.reload();
  await expect.poll(() => propertyCards(page)).toEqual(['Aspen Lofts', 'Birch House', 'Cedar Works', 'Dune Center']);
  await page.goto('/dashboard');
  await expect.poll(async () => (await propertyCards(page))[0]).toBe('Cedar Works');
  await expectAccessible(page);
  await shot(page, 'dashboard-1280');

  // Each stat card opens the list it counts.
  await page.getByRole('link', { name: 'Past Due', exact: true }).click();
  await expect(page).toHaveURL(/\/inspections\?status=overdue$/);
  await expect(page.getByLabel('Status')).toHaveValue('overdue');
  await page.goBack();
  await page.getByRole('link', { name: 'Compliant', exact: true }).click();
  await expect(page).toHaveURL(/\/properties\?status=compliant$/);
  await expect(page.getByLabel('Compliance status')).toHaveValue('compliant');
  await page.goBack();
  await page.getByRole('link', { name: 'Upcoming Inspections', exact: true }).click();
  await expect(page).toHaveURL(/\/inspections\/upcoming$/);
  await page.goBack();
  await page.getByRole('link', { name: 'Properties', exact: true }).first().click();
  await expect(page).toHaveURL(/\/properties$/);
});

test('desktop: properties are a dense table with one actions menu per row', async ({ proPage: page }) => {
  await portfolio(page);
  await page.goto('/properties');
  // A dense table: name linked, type, city, status, next due, open deficiencies, one actions menu per row.
  const table = page.getByRole('table', { name: 'Your properties' });
  await expect(table).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Type', 'City', 'Status', 'Next due', 'Open deficiencies', 'Actions']);
  const cedar = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Cedar Works' }) });
  await expect(cedar).toContainText('Industrial');
  await expect(cedar).toContainText('Reno');
  await expect(cedar).toContainText('Action Needed');
  await cedar.getByRole('button', { name: 'Actions for Cedar Works' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['View Details', 'Schedule Inspection', 'Generate Report']);
  await page.keyboard.press('Escape');
  // Sort labels are never cut off: the select is as wide as its longest label.
  expect(await labelFits(page.getByLabel('Sort by'))).toBe(true);
  await expectAccessible(page);
  await shot(page, 'properties-1280');
});

test('desktop: /inspections opens on open ones; the month grid shows each day\'s inspections', async ({ proPage: page }) => {
  await portfolio(page);
  // /inspections opens on open inspections, soonest due first; completed ones are a filter away.
  await page.goto('/inspections');
  await expect(page.getByLabel('Status')).toHaveValue('open');
  // Birch House's three, and the fire alarm's next one that completing Cedar Works' scheduled.
  await expect(page.getByRole('heading', { name: '4 inspections' })).toBeVisible();
  expect(await labelFits(page.getByLabel('Sort by'))).toBe(true);
  await page.getByLabel('Status').selectOption({ label: 'Completed' });
  await expect(page.getByRole('heading', { name: '1 inspection' })).toBeVisible();

  // The month grid shows each day's inspections in the day; a crowded day says how many more.
  await page.goto('/inspections?view=calendar');
  const todayCell = page.getByRole('button', { name: /^Today, .*3 inspections: Birch House, Sprinkler System/ });
  await expect(todayCell).toContainText('Birch House');
  await expect(todayCell).toContainText('Sprinkler System');
  await expect(todayCell).toContainText('+1 more');
  await todayCell.click();
  await expect(page.getByRole('heading', { name: /^Inspections on / })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'calendar-1280');
});

test('phone: upcoming before the properties, property cards, a week calendar', async ({ proPage: page }) => {
  await page.setViewportSize(PHONE);
  await portfolio(page);
  await page.goto('/dashboard');
  await expect.poll(async () => (await propertyCards(page))[0]).toBe('Cedar Works');
  const top = async (name: string) => (await page.getByRole('heading', { name, exact: true }).boundingBox())!.y;
  expect(await top('Upcoming Inspections')).toBeLessThan(await top('Your Properties'));
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'dashboard-375');

  await page.goto('/properties');
  await expect(page.getByRole('article', { name: 'Cedar Works' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Cedar Works' }).getByRole('link', { name: 'Cedar Works', exact: true })).toHaveAttribute('href', /\/properties\/\d+$/);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'properties-375');

  await page.goto('/inspections?view=calendar');
  await expect(page.getByRole('list', { name: 'Days of the week' }).getByRole('listitem')).toHaveCount(7);
  const todayRow = page.getByRole('button', { name: /^Today, .*3 inspections: Birch House/ });
  await expect(todayRow).toContainText('Smoke Detectors');
  await todayRow.click();
  await expect(page.getByRole('heading', { name: /^Inspections on / })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'calendar-375');
});

for (const size of [{ width: 1280, height: 720 }, PHONE]) {
  test(`${size.width} px: a new account is welcomed, and focus lands on each new page's heading`, async ({ signedInPage: page }) => {
    await page.setViewportSize(size);
    await page.goto('/dashboard');
    await expect(page.getByText('Welcome, Robin. Here is where your properties stand.')).toBeVisible();
    await expect(page.getByText(/Welcome back/)).toHaveCount(0);

    const nav = page.getByRole('navigation', { name: size.width >= 768 ? 'Main' : 'Tabs' });
    await nav.getByRole('link', { name: 'Properties' }).click();
    await expect(page.getByRole('heading', { name: 'Properties', level: 1 })).toBeFocused();
    await expect(page).toHaveTitle('Firemark - Properties');
    await nav.getByRole('link', { name: 'Inspections' }).click();
    await expect(page.getByRole('heading', { name: 'Inspections', level: 1 })).toBeFocused();
  });
}

test('the landing page: starting leads to sign up, Sign In to sign in', async ({ page }) => {
  await page.goto('/');
  for (const name of ['Get Started', 'Start for Free']) {
    await expect(page.getByRole('link', { name }).first()).toHaveAttribute('href', '/auth/signup');
  }
  // A trial's call to action starts the trial with the account (DECISIONS, "Plans and limits").
  await expect(page.getByRole('link', { name: 'Start Your Free Trial' }).first()).toHaveAttribute('href', '/auth/signup?trial=1');
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});
