import type { Page } from '@playwright/test';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, scheduleInspectionViaApi, test } from './fixtures';

/** Days from today (in UTC; the organisation's day may differ by one, so none sits on a band's edge). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Alpha Tower's fire alarm failed 45 days ago (a critical and an impairment: 31-90 days), Beta
 * Clinic's extinguishers 5 days ago (non-critical: 0-30) and its sprinklers 120 days ago (a
 * critical still open, over 90 days, and one corrected since).
 */
async function seedDeficiencies(page: Page) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const alpha = await addProperty(page, { name: 'Alpha Tower' });
  const beta = await addProperty(page, { name: 'Beta Clinic' });
  const failed = async (propertyId: number, inspectionType: string, daysAgo: number, deficiencies: { description: string; severity: string }[]) => {
    const inspection = await scheduleInspectionViaApi(page, { propertyId, inspectionType, dueDate: day(-daysAgo) });
    const done = await page.request.put(`/api/inspections/${inspection.id}`, {
      data: { status: 'completed', completedDate: day(-daysAgo), complianceStatus: 'non_compliant', notes: 'Found at inspection', deficiencies },
      headers: { origin },
    });
    expect(done.status()).toBe(200);
    return (await (await page.request.get(`/api/inspections/${inspection.id}/deficiencies`)).json()) as { id: number; description: string }[];
  };
  await failed(alpha.id, 'fire_alarm', 45, [
    { description: 'Panel shows a ground fault', severity: 'critical' },
    { description: 'Horn on level 2 faint', severity: 'impairment' },
  ]);
  await failed(beta.id, 'fire_extinguisher', 5, [{ description: 'Tag faded', severity: 'non_critical' }]);
  const old = await failed(beta.id, 'sprinkler_system', 120, [
    { description: 'Sprinkler head painted over', severity: 'critical' },
    { description: 'Gauge cracked', severity: 'impairment' },
  ]);
  const gauge = old.find((d) => d.description === 'Gauge cracked')!;
  const corrected = await page.request.post(`/api/deficiencies/${gauge.id}/correct`, { data: { correctedOn: day(-100), correctedBy: 'Sam Fixer' }, headers: { origin } });
  expect(corrected.status()).toBe(200);
  return { alpha, beta };
}

const ageTable = (page: Page) => page.getByRole('region', { name: 'Open deficiencies by age' }).getByRole('table');

async function openAgeTable(page: Page) {
  await page.goto('/insight');
  const figure = page.getByRole('region', { name: 'Open deficiencies by age' });
  await figure.getByRole('button', { name: 'Show as table' }).click();
  await expect(ageTable(page)).toBeVisible();
}

test('at 1280 px: an age band of Insight opens the list it counts, the filters change the URL, a row opens its property', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { alpha } = await seedDeficiencies(page);

  await openAgeTable(page);
  await expect(ageTable(page).getByRole('row', { name: /^Critical/ })).toHaveText(/Critical\s*0\s*1\s*1\s*2/);
  await ageTable(page).getByRole('link', { name: '1 open deficiency, critical, 31-90 days' }).click();
  await expect(page).toHaveURL(/\/deficiencies\?severity=critical&age=31-90$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Deficiencies' })).toBeVisible();
  await expect(page).toHaveTitle('Firemark - Deficiencies');
  // The figure's 1 is the list's count.
  await expect(page.getByRole('heading', { level: 2, name: '1 open deficiency' })).toBeVisible();
  const table = page.getByRole('table', { name: '1 open deficiency' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toHaveText(/Critical\s*Panel shows a ground fault\s*Alpha Tower.*4[456] days/);
  await expect(page.getByLabel('Severity', { exact: true })).toHaveValue('critical');
  await expect(page.getByLabel('Age since found', { exact: true })).toHaveValue('31-90');

  // Every severity of that band: the critical and the impairment.
  await page.getByLabel('Severity', { exact: true }).selectOption('');
  await expect(page).toHaveURL(/\/deficiencies\?age=31-90$/);
  await expect(page.getByRole('heading', { level: 2, name: '2 open deficiencies' })).toBeVisible();
  // Any age: the oldest first.
  await page.getByLabel('Age since found', { exact: true }).selectOption('');
  await expect(page).toHaveURL(/\/deficiencies$/);
  const rows = page.getByRole('table', { name: '4 open deficiencies' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Sprinkler head painted over');
  await expect(rows.nth(4)).toContainText('Tag faded');
  // Corrected ones too, with the day each was corrected.
  await page.getByLabel('Status', { exact: true }).selectOption('all');
  await expect(page).toHaveURL(/\/deficiencies\?status=all$/);
  await expect(page.getByRole('columnheader', { name: 'Corrected' })).toBeVisible();
  await expect(page.getByRole('table', { name: '5 deficiencies' }).getByRole('row').nth(5)).toContainText('Gauge cracked');
  await expectAccessible(page);

  await page.getByLabel('Status', { exact: true }).selectOption('open');
  await page.getByRole('link', { name: 'Alpha Tower' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/properties/${alpha.id}\\?tab=deficiencies$`));
  await expect(page.getByRole('tab', { name: /Deficiencies/, selected: true })).toBeVisible();
});

test('at 375 px: cards that fit, reached from the dashboard and from an Insight band, and an empty state', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const { beta } = await seedDeficiencies(page);

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'See all open deficiencies' }).click();
  await expect(page).toHaveURL(/\/deficiencies$/);
  const cards = page.getByRole('list', { name: '4 open deficiencies' }).getByRole('listitem');
  await expect(cards).toHaveCount(4);
  await expect(cards.first()).toContainText('Sprinkler head painted over');
  await expect(cards.first()).toContainText(/\d+ days old/);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await openAgeTable(page);
  await ageTable(page).getByRole('link', { name: '1 open deficiency, critical, over 90 days' }).click();
  await expect(page).toHaveURL(/\/deficiencies\?severity=critical&age=90%2B$/);
  await expect(page.getByRole('list', { name: '1 open deficiency' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByLabel('Age since found', { exact: true })).toHaveValue('90+');

  // Nothing of that kind corrected: said so, with a way out.
  await page.getByLabel('Status', { exact: true }).selectOption('corrected');
  await expect(page).toHaveURL(/status=corrected/);
  await expect(page.getByRole('heading', { name: 'No deficiencies match' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Clear filters' }).click();

  await page.getByRole('link', { name: 'Beta Clinic' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/properties/${beta.id}\\?tab=deficiencies$`));
});

test('an organisation with no open deficiency says so, and a list that fails loads again on Try Again', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  let refuse = true;
  await page.route('**/api/deficiencies?*', (route) => (refuse ? route.fulfill({ status: 409, contentType: 'application/json', body: '{"message":"Busy"}' }) : route.continue()));
  await page.goto('/deficiencies');
  await expect(page.getByText('Failed to load the deficiencies. Please try again.')).toBeVisible();
  refuse = false;
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: 'No open deficiencies.' })).toBeVisible();
  await expectAccessible(page);
});
