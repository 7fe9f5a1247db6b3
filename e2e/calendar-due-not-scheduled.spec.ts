import type { Page } from '@playwright/test';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, test } from './fixtures';

/** Today, as a calendar date (UTC, the suite browser's and account's time zone). */
const today = () => new Date().toISOString().slice(0, 10);

/** Gives a property a safety item whose requirements are first due today, with nothing scheduled. */
async function addSafetyItemDueToday(page: Page, propertyId: number) {
  const response = await page.request.post(`/api/properties/${propertyId}/safety-items`, {
    data: { itemType: 'fire_alarm', nextDueDate: today() },
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(response.status()).toBe(201);
}

const todayName = () => {
  const d = new Date(`${today()}T00:00:00Z`);
  return `${d.toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' })} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
};

test('the calendar opens showing what is due with nothing scheduled, and its day lists it (1280 px)', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const property = await addProperty(page, { name: 'Čelákovice Depot' });
  await addSafetyItemDueToday(page, property.id);

  await page.goto('/inspections?view=calendar');
  // The status filter opens on "Open", which includes what is due with nothing scheduled.
  await expect(page.getByLabel('Status')).toHaveValue('open');
  const dayButton = page.getByRole('button', { name: new RegExp(`${todayName()}.*\\d+ due, not scheduled`) });
  await expect(dayButton).toBeVisible();
  await expect(dayButton).toContainText('not scheduled');
  await dayButton.click();

  const dueList = page.getByRole('list', { name: /^Due, not scheduled on / });
  await expect(dueList).toContainText('Čelákovice Depot');
  await expect(page.getByText('No inspections on this date.')).toHaveCount(0);
  await expect(page.getByText('Nothing due on this date.')).toHaveCount(0);
  await expectAccessible(page);

  // "Scheduled" is about inspections only: the requirement leaves the calendar.
  await page.getByLabel('Status').selectOption({ label: 'Scheduled' });
  await expect(page.getByRole('button', { name: new RegExp(`${todayName()}.*due, not scheduled`) })).toHaveCount(0);
  await expect(page.getByText('No inspections on this date.')).toBeVisible();
});

test('the phone week view shows what is due with nothing scheduled instead of "Nothing due" (375 px)', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const property = await addProperty(page, { name: 'Dům u Nádraží' });
  await addSafetyItemDueToday(page, property.id);

  await page.goto('/inspections?view=calendar');
  const days = page.getByRole('list', { name: 'Days of the week' });
  const todayRow = days.getByRole('button', { name: /^Today, / });
  await expect(todayRow).toContainText('not scheduled');
  await expect(todayRow).not.toContainText('Nothing due');
  await todayRow.click();
  await expect(page.getByRole('list', { name: /^Due, not scheduled on / })).toContainText('Dům u Nádraží');
  await expect(page.getByText('No inspections on this date.')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});
