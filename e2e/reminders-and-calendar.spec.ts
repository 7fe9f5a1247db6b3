import { addProperty, expect, expectAccessible, expectToast, scheduleInspectionViaApi, test } from './fixtures';

test('a Pro account sets its reminder schedule, fixing a lead time that is out of range', async ({ proPage: page }) => {
  await page.goto('/settings');
  const lead = page.getByLabel('Lead time (days)');
  await expect(lead).toHaveValue('7');
  await expect(page.getByText('7 days before', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await lead.fill('45');
  await page.getByRole('switch', { name: /30 days before/ }).click();
  await page.getByRole('button', { name: 'Save Reminder Schedule' }).click();
  await expect(page.getByText('Lead time must be a whole number of days from 1 to 29')).toBeVisible();
  await expect(lead).toHaveAttribute('aria-invalid', 'true');

  await lead.fill('3');
  await expect(page.getByText('3 days before', { exact: true })).toBeVisible();
  await page.getByLabel('Repeat overdue reminders').selectOption({ label: 'Every 3 days (the lead time)' });
  await page.getByLabel('Overdue reminders, at most').fill('5');
  await page.getByRole('button', { name: 'Save Reminder Schedule' }).click();
  await expectToast(page, 'Reminder Schedule Saved');
  await expect(page.getByText(/Lead time must be/)).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('Lead time (days)')).toHaveValue('3');
  await expect(page.getByLabel('Repeat overdue reminders')).toHaveValue('custom');
  await expect(page.getByLabel('Overdue reminders, at most')).toHaveValue('5');
  await expect(page.getByRole('switch', { name: /30 days before/ })).toHaveAttribute('aria-checked', 'false');
});

test('on the Free plan the schedule says reminders are a Pro feature', async ({ signedInPage: page }) => {
  await page.goto('/settings');
  await expect(page.getByText(/Reminder e-mails are part of Firemark Pro/)).toBeVisible();
  await expect(page.getByLabel('Lead time (days)')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save Reminder Schedule' })).toBeDisabled();
});

test('a person copies the calendar link, and the link serves their inspections; a new link retires the old one', async ({
  proPage: page,
  context,
  playwright,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const property = await addProperty(page, { name: 'Harbor View Offices' });
  await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: '2030-03-14', assignedTo: 'Sam Ortiz' });

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Calendar Feed' })).toBeVisible();
  await page.getByRole('button', { name: 'Copy Link' }).click();
  await expectToast(page, 'Link Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(page.getByLabel('Your calendar link')).toHaveValue(copied);

  // What a calendar app gets: no session, just the link.
  const calendarApp = await playwright.request.newContext();
  const feed = await calendarApp.get(copied);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await feed.text();
  expect(text).toContain('BEGIN:VCALENDAR\r\n');
  expect(text).toContain('SUMMARY:Fire Extinguishers inspection: Harbor View Offices\r\n');
  expect(text).toContain('DTSTART;VALUE=DATE:20300314\r\n');

  await page.getByRole('button', { name: 'Generate a New Link' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Generate a new calendar link?' })).toBeVisible();
  await page.getByRole('button', { name: 'Generate New Link' }).click();
  await expectToast(page, 'New Calendar Link');
  await expect(page.getByLabel('Your calendar link')).not.toHaveValue(copied);
  const fresh = await page.getByLabel('Your calendar link').inputValue();

  expect((await calendarApp.get(copied)).status()).toBe(404);
  expect((await calendarApp.get(fresh)).status()).toBe(200);
  await calendarApp.dispose();
});
