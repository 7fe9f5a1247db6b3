import type { Page } from '@playwright/test';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, expectToast, test } from './fixtures';

/** A calendar date n days from today (UTC, the suite browser's and account's time zone). */
const day = (n: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** One month after a calendar date, as the server counts it (Jan 31 -> Feb 28). */
const monthAfter = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, lastDay))).toISOString().slice(0, 10);
};

/** Twelve months after a calendar date, as the server counts it (Feb 29 -> Feb 28). */
const yearAfter = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y + 1, m, 0)).getUTCDate();
  return new Date(Date.UTC(y + 1, m - 1, Math.min(d, lastDay))).toISOString().slice(0, 10);
};

/** "Mar 5, 2027", as every screen writes a date. */
const shown = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const MONTHLY = 'Monthly 30-second functional test';
const ANNUAL = 'Annual 90-minute test';

const schedule = (page: Page) => page.getByRole('region', { name: 'Compliance Schedule' });
const requirementRow = (page: Page, activity: string) => schedule(page).getByRole('listitem').filter({ has: page.getByText(activity, { exact: true }) });

/** Completes the open inspection behind the requirement's "Scheduled" date, performed on `performedOn`. */
async function completeScheduled(page: Page, propertyId: number, performedOn: string) {
  await page.goto(`/properties/${propertyId}`);
  await requirementRow(page, MONTHLY).getByRole('link', { name: new RegExp(`open the inspection of ${MONTHLY}`) }).click();
  await expect(page.getByRole('heading', { name: 'Inspection Details', level: 1 })).toBeVisible();
  await expect(page.getByText(MONTHLY)).toBeVisible();
  await page.getByRole('button', { name: 'Complete with result' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Inspection' });
  await dialog.getByRole('radio', { name: 'Compliant', exact: true }).check();
  await dialog.getByLabel('Performed on').fill(performedOn);
  await dialog.getByRole('button', { name: 'Complete Inspection' }).click();
}

test('a year of emergency lighting: requirements with their sources, recurring monthly tests, one switched off, one due and not scheduled', async ({ proPage: page }) => {
  // A year in a few steps is a long walk through many screens.
  test.setTimeout(120_000);
  const property = await addProperty(page, { name: 'Harbor View Offices' });
  await page.goto(`/properties/${property.id}`);
  await expect(schedule(page).getByText('No safety items yet.', { exact: false })).toBeVisible();

  // The property gets emergency lighting: the library's monthly and annual requirements, with their source.
  await schedule(page).getByRole('button', { name: 'Add safety item' }).click();
  const add = page.getByRole('dialog', { name: 'Add safety item' });
  await add.getByRole('button', { name: 'Add Safety Item' }).click();
  await expect(add.getByText('Choose a safety item')).toBeVisible();
  await add.getByLabel('Safety item').selectOption({ label: 'Emergency Lighting' });
  await expect(add.getByText('Every month (NFPA 101 (2021) 7.9.3.1.1)')).toBeVisible();
  // Both were last done 20 days ago.
  await add.getByLabel('Same day for all').fill(day(-20));
  await add.getByRole('button', { name: 'Use for all' }).click();
  await add.getByRole('button', { name: 'Add Safety Item' }).click();
  await expectToast(page, 'Safety Item Added');
  await expect(requirementRow(page, MONTHLY)).toContainText('Every month · NFPA 101 (2021) 7.9.3.1.1');
  await expect(requirementRow(page, ANNUAL)).toContainText('Every year · NFPA 101 (2021) 7.9.3.1.1');
  await expect(requirementRow(page, ANNUAL)).toContainText(`Last done${shown(day(-20))}, no result recorded`);
  await expect(requirementRow(page, ANNUAL)).toContainText(`Next due${shown(yearAfter(day(-20)))}`);
  await expectAccessible(page);

  // Two months ago the first monthly test was scheduled, from the requirement's Schedule action.
  await requirementRow(page, MONTHLY).getByRole('link', { name: `Schedule ${MONTHLY}` }).click();
  await expect(page).toHaveURL(/\/inspections\/new\?/);
  await expect(page.getByLabel('Property')).toContainText('Harbor View Offices');
  await expect(page.getByLabel('Inspection type')).toHaveValue('emergency_lighting');
  await expect(page.getByLabel('Activity')).toContainText(MONTHLY);
  await expect(page.getByLabel('Activity').locator('option:checked')).toHaveText(`${MONTHLY} (every month)`);
  await page.getByLabel('Due date').fill(day(-60));
  await page.getByLabel('Assigned to').fill('Dana Cole');
  await page.getByRole('button', { name: 'Schedule Inspection' }).click();
  await expectToast(page, 'Inspection Scheduled');

  // It was done then; the next one is scheduled a month on, with the same assignee.
  const first = day(-60);
  await completeScheduled(page, property.id, first);
  await expectToast(page, 'Inspection Completed', `Inspection completed and property status updated. Next ${MONTHLY} due ${shown(monthAfter(first))}: scheduled.`);
  await page.goto('/inspections?sort=due_asc');
  const next = page.getByRole('row').filter({ hasText: shown(monthAfter(first)) });
  await expect(next).toContainText('Dana Cole');
  await expect(next).toContainText(MONTHLY);
  await expect(next).toContainText('Overdue');

  // A month later: done again, and again the next is scheduled.
  const second = monthAfter(first);
  await completeScheduled(page, property.id, second);
  await expectToast(page, 'Inspection Completed', `Inspection completed and property status updated. Next ${MONTHLY} due ${shown(monthAfter(second))}: scheduled.`);
  await page.goto(`/properties/${property.id}`);
  await expect(requirementRow(page, MONTHLY)).toContainText(`Last done${shown(second)}`);

  // The annual test does not apply here: switched off, with the reason and who did it.
  await requirementRow(page, ANNUAL).getByRole('button', { name: `Switch off ${ANNUAL}` }).click();
  const off = page.getByRole('dialog', { name: 'Switch off requirement' });
  await off.getByRole('button', { name: 'Switch Off' }).click();
  await expect(off.getByText('Say why it does not apply', { exact: true })).toBeVisible();
  await off.getByLabel('Reason').fill('Generator-backed lighting, no batteries');
  await off.getByRole('button', { name: 'Switch Off' }).click();
  await expectToast(page, 'Requirement Switched Off');
  await expect(requirementRow(page, ANNUAL)).toContainText('Switched off');
  // A library requirement switched off is below the code minimum, said in words with the reason.
  await expect(requirementRow(page, ANNUAL)).toContainText('Below the code minimum');
  await expect(requirementRow(page, ANNUAL)).toContainText('NFPA 101 (2021) 7.9.3.1.1 asks every year; switched off here because: Generator-backed lighting, no batteries');
  await requirementRow(page, ANNUAL).getByText(/^Changes \(2\)/).click();
  await expect(requirementRow(page, ANNUAL)).toContainText(`Switched off: Generator-backed lighting, no batteries · Robin Fischer, ${shown(day(0))}`);

  // Automatic scheduling off, then the last test ten days ago: nothing is scheduled after it.
  await requirementRow(page, MONTHLY).getByRole('switch', { name: 'Schedule the next inspection automatically' }).click();
  await expect(requirementRow(page, MONTHLY).getByRole('switch', { name: 'Schedule the next inspection automatically' })).not.toBeChecked();
  const third = day(-10);
  await completeScheduled(page, property.id, third);
  await expectToast(
    page,
    'Inspection Completed',
    `Inspection completed and property status updated. Next ${MONTHLY} due ${shown(monthAfter(third))}, not scheduled. Automatic scheduling is off for this requirement.`,
  );

  // Due within 30 days with nothing scheduled: the bell and the dashboard say so.
  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'Due, Not Scheduled' });
  await expect(panel.getByText(MONTHLY)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Upcoming Inspections' })).toContainText('1 not scheduled');
  await page.getByRole('button', { name: /^Notifications, 1 need attention/ }).click();
  const bell = page.getByRole('dialog', { name: 'Notifications' });
  const waiting = bell.getByRole('region', { name: /Due, not scheduled/ });
  await expect(waiting.getByRole('link')).toContainText(MONTHLY);
  await expect(waiting.getByRole('link')).toContainText('Harbor View Offices');
  await expectAccessible(page);
  await waiting.getByRole('link', { name: new RegExp(`Schedule ${MONTHLY}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/inspections/new\\?propertyId=${property.id}&inspectionType=emergency_lighting&requirementId=\\d+&dueDate=${monthAfter(third)}`));
  await expect(page.getByLabel('Due date')).toHaveValue(monthAfter(third));
});

test('on a phone the compliance schedule fits the screen and stays accessible', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const property = await addProperty(page, { name: 'Phone Plaza With A Rather Long Name' });
  await page.request.post(`/api/properties/${property.id}/safety-items`, {
    data: { itemType: 'fire_extinguisher', nextDueDate: day(20) },
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
  });
  await page.goto(`/properties/${property.id}`);
  await expect(requirementRow(page, '12-year hydrostatic test')).toContainText('NFPA 10 (2022) Table 8.3.1');
  await expect(requirementRow(page, '12-year hydrostatic test')).toContainText('Dry chemical in steel, brass or aluminium shells');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await requirementRow(page, 'Annual maintenance').getByRole('button', { name: 'Change interval of Annual maintenance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change interval' });
  await dialog.getByLabel('Every').fill('6');
  await dialog.getByLabel('Unit').selectOption({ label: 'Months' });
  await dialog.getByRole('button', { name: 'Save Interval' }).click();
  await expect(dialog.getByText('Say why the interval differs from the source')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Insurer asks for twice a year');
  await dialog.getByRole('button', { name: 'Save Interval' }).click();
  await expectToast(page, 'Interval Changed');
  await expect(requirementRow(page, 'Annual maintenance')).toContainText('Every 6 months · NFPA 10 (2022) 7.3.1.1.1 · Changed: Insurer asks for twice a year');
  // More often than the code asks is never below its minimum.
  await expect(requirementRow(page, 'Annual maintenance')).not.toContainText('Below the code minimum');
  await expectNoSidewaysScroll(page);

  // Less often than the code asks is: the row says so with the source and the reason, and so does the overview.
  await requirementRow(page, 'Monthly visual inspection').getByRole('button', { name: 'Change interval of Monthly visual inspection' }).click();
  await dialog.getByLabel('Every').fill('2');
  await dialog.getByLabel('Unit').selectOption({ label: 'Months' });
  await dialog.getByLabel('Reason').fill('Monitored cabinets, agreed with the fire marshal');
  await dialog.getByRole('button', { name: 'Save Interval' }).click();
  await expectToast(page, 'Interval Changed');
  const monthly = requirementRow(page, 'Monthly visual inspection');
  await expect(monthly.getByText('Below the code minimum', { exact: true })).toBeVisible();
  await expect(monthly).toContainText('NFPA 10 (2022) 7.2.1.2 asks every month; every 2 months here because: Monitored cabinets, agreed with the fire marshal');
  await expect(page.getByText('1 requirement is below the code minimum:')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test('add a safety item with two known dates and one unknown', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const property = await addProperty(page, { name: 'Quay Street Depot' });
  await page.goto(`/properties/${property.id}`);
  await schedule(page).getByRole('button', { name: 'Add safety item' }).click();
  const add = page.getByRole('dialog', { name: 'Add safety item' });
  await add.getByLabel('Safety item').selectOption({ label: 'Fire Extinguishers' });
  const lastDone = (activity: string) => add.getByLabel(`${activity}: last done`, { exact: true });
  const notKnown = (activity: string) => add.getByLabel(`${activity}: last done not known`);

  // Each requirement is asked; none may be left blank or be in the future.
  await add.getByRole('button', { name: 'Add Safety Item' }).click();
  await expect(add.getByText('Enter the day it was last done, or tick Not known')).toHaveCount(6);
  await lastDone('Monthly visual inspection').fill(day(1));
  await expect(add.getByText('The day it was last done cannot be in the future')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // The paper records: everything 100 days ago, the monthly check 10 days ago, the 6-year examination not known.
  await add.getByLabel('Same day for all').fill(day(-100));
  await add.getByRole('button', { name: 'Use for all' }).click();
  await lastDone('Monthly visual inspection').fill(day(-10));
  await notKnown('6-year internal examination').focus();
  await page.keyboard.press('Space');
  await expect(lastDone('6-year internal examination')).toBeDisabled();
  await add.getByRole('button', { name: 'Add Safety Item' }).click();
  await expectToast(page, 'Safety Item Added');

  const monthly = requirementRow(page, 'Monthly visual inspection');
  await expect(monthly).toContainText(`Last done${shown(day(-10))}, no result recorded`);
  await expect(monthly).toContainText(`Next due${shown(monthAfter(day(-10)))}`);
  await expect(requirementRow(page, 'Annual maintenance')).toContainText(`Next due${shown(yearAfter(day(-100)))}`);
  // Not known: due now, and it says so.
  const examination = requirementRow(page, '6-year internal examination');
  await expect(examination).toContainText('Last done not known');
  await expect(examination).toContainText(`Next due${shown(day(0))}`);
  await expect(examination).toContainText('Due, not scheduled');
  // The replacement of non-rechargeable units counts from manufacture: "Use for all" left it not
  // known, estimated a year out (decision 041), and it is a date to find too.
  await expect(requirementRow(page, 'Replace non-rechargeable units (12 years from manufacture)')).toContainText('Manufacture date not known: check the label');
  await expect(page.getByText('2 requirements with no known last date').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await page.goto('/dashboard');
  const due = page.getByRole('region', { name: 'Due, Not Scheduled' }).getByRole('listitem').filter({ hasText: '6-year internal examination' });
  await expect(due).toContainText('Last done not known');
});

test('the first inspection of a type asks when each of its other checks was last done', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const property = await addProperty(page, { name: 'Wharf Lane Stores' });
  await page.goto(`/inspections/new?propertyId=${property.id}`);
  await page.getByLabel('Inspection type').selectOption({ label: 'Fire Extinguishers' });
  const asked = page.getByRole('group', { name: 'This adds Fire Extinguishers to Wharf Lane Stores. When was each of its other checks last done?' });
  const lastDone = (activity: string) => asked.getByLabel(`${activity}: last done`, { exact: true });
  await expect(lastDone('Monthly visual inspection')).toBeVisible();
  // The annual maintenance is what this inspection is for: it is due on the inspection's date.
  // The form asks which check it is, with no default (issue 37).
  await page.getByLabel('Activity').selectOption({ label: 'Annual maintenance (every year)' });
  await expect(lastDone('Annual maintenance')).toHaveCount(0);
  await page.getByLabel('Due date').fill(day(30));
  await page.getByLabel('Assigned to').fill('Dana Cole');

  // Each other check is asked; none may be left blank or be in the future.
  await page.getByRole('button', { name: 'Schedule Inspection' }).click();
  await expect(asked.getByText('Enter the day it was last done, or tick Not known')).toHaveCount(5);
  await lastDone('Monthly visual inspection').fill(day(1));
  await expect(asked.getByText('The day it was last done cannot be in the future')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // The paper records: the monthly check 10 days ago, the 6-year examination, the 5-year test and the
  // replacement 100 days ago, the 12-year hydrostatic test not known.
  await lastDone('Monthly visual inspection').fill(day(-10));
  await lastDone('6-year internal examination').fill(day(-100));
  await lastDone('5-year hydrostatic test').fill(day(-100));
  await asked.getByLabel('Replace non-rechargeable units (12 years from manufacture): manufactured on', { exact: true }).fill('2020-05-01');
  await asked.getByLabel('12-year hydrostatic test: last done not known').focus();
  await page.keyboard.press('Space');
  await expect(lastDone('12-year hydrostatic test')).toBeDisabled();
  await page.getByRole('button', { name: 'Schedule Inspection' }).click();
  await expectToast(page, 'Inspection Scheduled');
  await expect(page).toHaveURL(new RegExp(`/properties/${property.id}\\?tab=inspections$`));

  await page.goto(`/properties/${property.id}`);
  const monthly = requirementRow(page, 'Monthly visual inspection');
  await expect(monthly).toContainText(`Last done${shown(day(-10))}, no result recorded`);
  await expect(monthly).toContainText(`Next due${shown(monthAfter(day(-10)))}`);
  await expect(requirementRow(page, 'Annual maintenance')).toContainText(`Scheduled${shown(day(30))}`);
  await expect(requirementRow(page, 'Replace non-rechargeable units (12 years from manufacture)')).toContainText('Manufactured May 2020; first due May 2032');
  const hydrostatic = requirementRow(page, '12-year hydrostatic test');
  await expect(hydrostatic).toContainText('Last done not known');
  await expect(hydrostatic).toContainText(`Next due${shown(day(0))}`);
  await expect(hydrostatic).toContainText('Due, not scheduled');
  await expectNoSidewaysScroll(page);

  // The next inspection of the type adds nothing, so nothing is asked.
  await page.goto(`/inspections/new?propertyId=${property.id}`);
  await page.getByLabel('Inspection type').selectOption({ label: 'Fire Extinguishers' });
  await expect(page.getByLabel('Activity')).toBeEnabled();
  await expect(page.getByText('Checking whether this property has')).toHaveCount(0);
  await expect(page.getByRole('group', { name: /^This adds/ })).toHaveCount(0);
});
