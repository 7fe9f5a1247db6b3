import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, scheduleInspectionViaApi, test } from './fixtures';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const monthOf = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** Days from today (in UTC; the organisation's day may differ by one, so no figure sits on a boundary). */
const LATE_DONE = -45;

/**
 * Two properties: Alpha Tower's fire alarm inspection completed 10 days late and failed with a
 * critical deficiency (45 days old, so 31-90 days), Beta Clinic's sprinkler inspection
 * completed on time and passed; Beta's extinguishers fall due in two weeks.
 */
async function seedPortfolio(page: Page) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const alpha = await addProperty(page, { name: 'Alpha Tower' });
  const beta = await addProperty(page, { name: 'Beta Clinic' });
  const late = await scheduleInspectionViaApi(page, { propertyId: alpha.id, inspectionType: 'fire_alarm', dueDate: day(LATE_DONE - 10) });
  const failed = await page.request.put(`/api/inspections/${late.id}`, {
    data: {
      status: 'completed',
      completedDate: day(LATE_DONE),
      complianceStatus: 'non_compliant',
      notes: 'Panel fault',
      deficiencies: [{ description: 'Panel shows a ground fault', severity: 'critical' }],
    },
    headers: { origin },
  });
  expect(failed.status()).toBe(200);
  const onTime = await scheduleInspectionViaApi(page, { propertyId: beta.id, inspectionType: 'sprinkler_system', dueDate: day(LATE_DONE) });
  const passed = await page.request.put(`/api/inspections/${onTime.id}`, {
    data: { status: 'completed', completedDate: day(LATE_DONE - 1), complianceStatus: 'compliant' },
    headers: { origin },
  });
  expect(passed.status()).toBe(200);
  await scheduleInspectionViaApi(page, { propertyId: beta.id, inspectionType: 'fire_extinguisher', dueDate: day(14) });
  return { alpha, beta };
}

const section = (page: Page, name: string) => page.getByRole('region', { name });
const tableOf = (page: Page, name: string) => section(page, name).getByRole('table');

/** Each chart is drawn (its svg inside the picture named for screen readers). */
async function expectChartsDrawn(page: Page) {
  for (const name of ['Compliance over time', 'On-time rate', 'Open deficiencies by age', 'Workload ahead']) {
    await expect(section(page, name).getByRole('img').locator('svg.recharts-surface')).toBeVisible();
  }
}

/** Each chart's numbers, asked for with its Show as table button. */
async function showTables(page: Page) {
  for (const name of ['Compliance over time', 'On-time rate', 'Open deficiencies by age', 'Workload ahead']) {
    await expect(tableOf(page, name)).toBeHidden();
    await section(page, name).getByRole('button', { name: 'Show as table' }).click();
    await expect(section(page, name).getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');
    await expect(tableOf(page, name)).toBeVisible();
  }
}

async function expectSeededNumbers(page: Page) {
  // On-time: the month of the late completion counts one, none on time, 10 days late.
  const lateMonth = monthOf(day(LATE_DONE));
  const earlyMonth = monthOf(day(LATE_DONE - 1));
  if (lateMonth === earlyMonth) {
    await expect(tableOf(page, 'On-time rate').getByRole('row', { name: lateMonth })).toHaveText(new RegExp(`${lateMonth}\\s*2\\s*1\\s*50%\\s*10`));
  } else {
    await expect(tableOf(page, 'On-time rate').getByRole('row', { name: lateMonth })).toHaveText(new RegExp(`${lateMonth}\\s*1\\s*0\\s*0%\\s*10`));
  }

  // Deficiencies: one critical, 31-90 days old, and the oldest names its property.
  await expect(tableOf(page, 'Open deficiencies by age').getByRole('row', { name: /^Critical/ })).toHaveText(/Critical\s*0\s*1\s*0\s*1/);
  const oldest = section(page, 'Open deficiencies by age').getByRole('list').filter({ hasText: 'Panel shows a ground fault' });
  await expect(oldest).toContainText(/4[456] days/);
  await expect(oldest.getByRole('link', { name: 'Alpha Tower' })).toHaveAttribute('href', /\/properties\/\d+\?tab=deficiencies$/);

  // Workload: the extinguishers due in two weeks are in that week's row, linked to the calendar.
  const workload = tableOf(page, 'Workload ahead');
  await expect(workload.getByRole('link', { name: /^Fire Extinguishers \d+$/ }).first()).toHaveAttribute('href', /\/inspections\?view=calendar&date=\d{4}-\d{2}-\d{2}&status=all&type=fire_extinguisher/);

  // Attention: the failed property first, with its reasons.
  const ranked = section(page, 'Needs attention first').getByRole('list', { name: /needing attention most first/ });
  await expect(ranked.getByRole('listitem').first()).toContainText('Alpha Tower');
  await expect(ranked.getByRole('listitem').first()).toContainText(/critical deficienc/);
}

test('the Insight page at 1280 px: every figure drawn with its table, its CSV and links to the lists, and a chosen set of properties', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { beta } = await seedPortfolio(page);

  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insight' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Insight' })).toBeVisible();
  await expect(page).toHaveTitle('Firemark - Insight');
  await expectChartsDrawn(page);

  await showTables(page);
  // Every legend is text.
  await expect(section(page, 'Open deficiencies by age').getByRole('list', { name: 'Legend' })).toHaveText(/Critical\s*Impairment\s*Non-critical/);
  await expectSeededNumbers(page);

  // This week's counts link to the properties with that status now.
  const trend = section(page, 'Compliance over time');
  await expect(trend.getByRole('link', { name: /of 2 compliant/ })).toHaveAttribute('href', '/properties?status=compliant');
  await expect(trend.getByRole('link', { name: /1 non-compliant/ })).toHaveAttribute('href', '/properties?status=non_compliant');
  await expectAccessible(page);

  // The CSV is the same call's rows, as a file named for the figure and the day.
  const [download] = await Promise.all([page.waitForEvent('download'), section(page, 'Workload ahead').getByRole('link', { name: /Download CSV/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^firemark-workload-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split(/\r?\n/)[0]).toMatch(/week/i);

  // Only Beta Clinic: the URL says so, and Alpha's failure and deficiency are no longer counted.
  await page.getByRole('button', { name: /Properties counted: All properties/ }).click();
  await page.getByRole('checkbox', { name: 'Beta Clinic' }).check();
  await page.getByRole('button', { name: 'Show chosen' }).click();
  await expect(page).toHaveURL(new RegExp(`/insight\\?propertyIds=${beta.id}$`));
  await expect(page.getByRole('button', { name: /Properties counted: Beta Clinic/ })).toBeVisible();
  await expect(section(page, 'Open deficiencies by age')).toContainText('No open deficiencies');
  await expect(section(page, 'Needs attention first')).not.toContainText('Alpha Tower');
  await expect(section(page, 'Workload ahead').getByRole('link', { name: /Download CSV/ })).toHaveAttribute('href', `/api/insight/workload?propertyIds=${beta.id}&format=csv`);
});

test('the Insight page at 375 px: charts fit, their tables on request, and the dashboard links its key figures here', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await seedPortfolio(page);

  await page.goto('/dashboard');
  const trends = page.getByRole('region', { name: 'Trends' });
  await expect(trends.getByRole('group', { name: 'Deficiencies open over 90 days' })).toContainText('of 1 open');
  await expect(trends.getByRole('group', { name: 'In compliance now' })).toContainText('%');
  await trends.getByRole('link', { name: 'Deficiencies open over 90 days' }).click();
  await expect(page).toHaveURL(/\/insight#deficiency-age$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Insight' })).toBeAttached();
  // The page opens on the figure the dashboard's number came from.
  await expect(section(page, 'Open deficiencies by age').getByRole('heading', { name: 'Open deficiencies by age' })).toBeInViewport();

  await expectChartsDrawn(page);
  await showTables(page);
  await expectSeededNumbers(page);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // Insight is in the phone's menu: the tab bar is full.
  await expect(page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Insight' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Insight' })).toHaveAttribute('aria-current', 'page');
});

test('a new organisation: each figure says it has nothing yet, and a figure that fails says so and loads again on Try Again', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // A refusal the page cannot get past by itself: it retries twice, then shows the error.
  let refuse = true;
  await page.route('**/api/insight/on-time', (route) => (refuse ? route.fulfill({ status: 409, contentType: 'application/json', body: '{"message":"Busy"}' }) : route.continue()));
  await page.goto('/insight');

  await expect(section(page, 'Compliance over time')).toContainText('No property has a compliance status to chart yet.');
  await expect(section(page, 'Open deficiencies by age')).toContainText('No open deficiencies');
  await expect(section(page, 'Workload ahead')).toContainText('Nothing falls due in the next 12 weeks.');
  await expect(section(page, 'Needs attention first')).toContainText('No property needs attention');
  // Nothing to show: no table to ask for, but the CSV (its header row) is still there.
  await expect(section(page, 'Workload ahead').getByRole('button', { name: 'Show as table' })).toHaveCount(0);
  await expect(section(page, 'Workload ahead').getByRole('link', { name: /Download CSV/ })).toBeVisible();

  const onTime = section(page, 'On-time rate');
  await expect(onTime.getByText('On-time rate could not be loaded.')).toBeVisible();
  refuse = false;
  await onTime.getByRole('button', { name: 'Try Again' }).click();
  await expect(onTime).toContainText('No inspections completed in the last 12 months yet.');
  await expectAccessible(page);
});

test('a number counted for chosen properties opens a list of those properties only, which says so and shows all again (375 px)', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const { alpha, beta } = await seedPortfolio(page);
  // A third property, failing with a deficiency of its own, that is not chosen.
  const gamma = await addProperty(page, { name: 'Gamma Lofts' });
  const gammaLate = await scheduleInspectionViaApi(page, { propertyId: gamma.id, inspectionType: 'fire_alarm', dueDate: day(-20) });
  const gammaFailed = await page.request.put(`/api/inspections/${gammaLate.id}`, {
    data: {
      status: 'completed',
      completedDate: day(-15),
      complianceStatus: 'non_compliant',
      notes: 'Detector missing',
      deficiencies: [{ description: 'Smoke detector missing in the stair', severity: 'critical' }],
    },
    headers: { origin },
  });
  expect(gammaFailed.status()).toBe(200);
  // Due the same day as Beta Clinic's extinguishers, on the calendar a workload link opens.
  await scheduleInspectionViaApi(page, { propertyId: gamma.id, inspectionType: 'fire_extinguisher', dueDate: day(14) });

  await page.goto('/insight');
  await page.getByRole('button', { name: /Properties counted: All properties/ }).click();
  await page.getByRole('checkbox', { name: 'Alpha Tower' }).check();
  await page.getByRole('checkbox', { name: 'Beta Clinic' }).check();
  await page.getByRole('button', { name: 'Show chosen' }).click();
  const chosen = [alpha.id, beta.id].sort((a, b) => a - b).join(',');
  // The page's own address may spell the comma as %2C.
  const chosenInUrl = chosen.replace(',', '(,|%2C)');
  await expect(page).toHaveURL(new RegExp(`/insight\\?propertyIds=${chosenInUrl}$`));

  // "1 non-compliant" of the two chosen: the list shows Alpha Tower, not Gamma Lofts.
  const nonCompliant = section(page, 'Compliance over time').getByRole('link', { name: '1 non-compliant' });
  await expect(nonCompliant).toHaveAttribute('href', `/properties?status=non_compliant&propertyIds=${chosen}`);
  await nonCompliant.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible();
  await expect(page.getByText('Showing 2 chosen properties')).toBeVisible();
  await expect(page.getByRole('heading', { name: '1 property' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Alpha Tower/ }).first()).toBeVisible();
  await expect(page.getByText('Gamma Lofts')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // Show all (by keyboard) takes the choice away: both failing properties, the line gone.
  await page.getByRole('button', { name: 'Show all' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/properties\?status=non_compliant$/);
  await expect(page.getByText('Showing 2 chosen properties')).toHaveCount(0);
  // The button went with the note: the keyboard is left on the page's content, not lost.
  await expect(page.locator('#main-content')).toBeFocused();
  await expect(page.getByRole('heading', { name: '2 properties' })).toBeVisible();
  await expect(page.getByText('Gamma Lofts').first()).toBeVisible();

  // The open deficiencies count opens the chosen properties' deficiencies only.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/insight\\?propertyIds=${chosenInUrl}$`));
  await section(page, 'Open deficiencies by age').getByRole('link', { name: '1 open deficiency' }).click();
  await expect(page).toHaveURL(new RegExp(`/deficiencies\\?propertyIds=${chosen}$`));
  await expect(page.getByText('Showing the open deficiencies of 2 chosen properties')).toBeVisible();
  await expect(page.getByRole('heading', { name: '1 open deficiency' })).toBeVisible();
  await expect(page.getByText('Panel shows a ground fault')).toBeVisible();
  await expect(page.getByText('Smoke detector missing in the stair')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show all' }).click();
  await expect(page.getByRole('heading', { name: '2 open deficiencies' })).toBeVisible();

  // The calendar a workload link opens, on the day both extinguisher inspections fall due: Beta's only.
  await page.goto(`/inspections?view=calendar&date=${day(14)}&status=all&propertyIds=${chosen}`);
  await expect(page.getByText('Showing the inspections of 2 chosen properties')).toBeVisible();
  const onDay = page.getByRole('region', { name: /^Inspections on / });
  await expect(onDay).toContainText('Beta Clinic');
  await expect(onDay).not.toContainText('Gamma Lofts');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Show all' }).click();
  await expect(onDay).toContainText('Gamma Lofts');
  await expect(page.getByText('Showing the inspections of 2 chosen properties')).toHaveCount(0);
});
