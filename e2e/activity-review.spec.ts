import type { Page } from '@playwright/test';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, expectToast, scheduleInspectionViaApi, test } from './fixtures';

/** A calendar date n days from today (UTC, the suite browser's and account's time zone). */
const day = (n: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const MONTHLY = 'Monthly 30-second functional test';

async function send(page: Page, method: 'POST' | 'PUT', url: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response = await page.request.fetch(url, { method, data, headers: { origin } });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

test('the schedule form will not save an inspection of a type with several checks until one is chosen', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const property = await addProperty(page, { name: 'Harbor View Offices' });
  await send(page, 'POST', `/api/properties/${property.id}/safety-items`, { itemType: 'emergency_lighting', nextDueDate: day(30) });

  await page.goto(`/inspections/new?propertyId=${property.id}`);
  await page.getByLabel('Inspection type').selectOption({ label: 'Emergency Lighting' });
  // No default: the annual test is not chosen for the person.
  await expect(page.getByLabel('Activity')).toHaveValue('');
  await page.getByLabel('Due date').fill(day(5));
  await page.getByLabel('Assigned to').fill('Dana Cole');
  await page.getByRole('button', { name: 'Schedule Inspection' }).click();
  await expect(page.getByText('Choose which check this inspection is for')).toBeVisible();
  await expect(page.getByLabel('Activity')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/inspections\/new/);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await page.getByLabel('Activity').selectOption({ label: `${MONTHLY} (every month)` });
  await expect(page.getByText('Choose which check this inspection is for')).toBeHidden();
  await page.getByRole('button', { name: 'Schedule Inspection' }).click();
  await expectToast(page, 'Inspection Scheduled');
  // The property's list (cards at this width) names the check.
  await expect(page.getByText(MONTHLY).filter({ visible: true }).first()).toBeVisible();
});

test('completions whose check was not stated are listed for review, at 375 px, until the right check is named', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const property = await addProperty(page, { name: 'Wharf Lane Stores' });
  // SPEC's call names no activity: it counts for the annual test, "activity not stated".
  const inspection = await scheduleInspectionViaApi(page, { propertyId: property.id, inspectionType: 'emergency_lighting', dueDate: day(0), activityStated: false });
  await send(page, 'PUT', `/api/inspections/${inspection.id}`, { status: 'completed', complianceStatus: 'compliant', completedDate: day(-1) });

  await page.goto(`/inspections/${inspection.id}`);
  await expect(page.getByText('Activity not stated')).toBeVisible();

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Review activities' }).click();
  await expect(page).toHaveURL(/\/inspections\/activity-review$/);
  await expect(page.getByRole('heading', { name: 'Review Activities', level: 1 })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: 'Wharf Lane Stores' });
  await expect(card).toContainText('Counts for: Annual 90-minute test');
  await expect(card.getByText('Activity not stated')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // Nothing is chosen for the person.
  await card.getByRole('button', { name: 'Save check' }).click();
  await expect(card.getByText('Choose which check this inspection was')).toBeVisible();
  await card.getByRole('radio', { name: new RegExp(MONTHLY) }).check();
  await card.getByRole('button', { name: 'Save check' }).click();
  await expectToast(page, 'Activity Named');
  await expect(page.getByRole('heading', { name: 'Nothing to review' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The monthly test now has it; the property's schedule has nothing left to review.
  await page.goto(`/properties/${property.id}`);
  await expect(page.getByRole('link', { name: 'Review activities' })).toHaveCount(0);
  const monthly = page.getByRole('region', { name: 'Compliance Schedule' }).getByRole('listitem').filter({ has: page.getByText(MONTHLY, { exact: true }) });
  await expect(monthly).toContainText('Compliant');
});
