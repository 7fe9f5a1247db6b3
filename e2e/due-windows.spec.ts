import type { Page } from '@playwright/test';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, test } from './fixtures';

/** A calendar date n days from today (UTC, the suite browser's and account's time zone). */
const day = (n: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** `months` after a calendar date, as the server counts it (Jan 31 + 1 month -> Feb 28). */
const monthsAfter = (date: string, months: number) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const shown = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { month: `${MONTHS[m - 1]} ${y}`, day: `${MONTHS[m - 1]} ${d}`, full: `${MONTHS[m - 1]} ${d}, ${y}` };
};
/** "Mar 2027 (window Feb 1 to Apr 1, 2027)", as src/shared/due-window.ts words it. */
const windowWords = (lastDone: string, months: number, before: number, after: number) => {
  const opens = monthsAfter(lastDone, months - before);
  const closes = monthsAfter(lastDone, months + after);
  const from = opens.slice(0, 4) === closes.slice(0, 4) ? shown(opens).day : shown(opens).full;
  return `${shown(monthsAfter(lastDone, months)).month} (window ${from} to ${shown(closes).full})`;
};

async function send(page: Page, method: string, url: string, data?: unknown) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response = await page.request.fetch(url, { method, data, headers: { origin } });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

test('a sprinkler system shows NFPA 25 windows in words at 375 px, on the schedule and in the due list', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const property = await addProperty(page, { name: 'Harbor View Offices' });
  // Last done 100 days ago: the quarterly window is open and closes within 30 days.
  const lastDone = day(-100);
  await send(page, 'POST', `/api/properties/${property.id}/safety-items`, { itemType: 'sprinkler_system', lastDoneOn: lastDone });

  await page.goto(`/properties/${property.id}`);
  const schedule = page.getByRole('region', { name: 'Compliance Schedule' });
  const quarterly = schedule.getByRole('listitem').filter({ has: page.getByText('Quarterly inspection', { exact: true }) });
  await expect(quarterly.getByText(windowWords(lastDone, 3, 1, 1))).toBeVisible();
  const annual = schedule.getByRole('listitem').filter({ has: page.getByText('Annual inspection and test', { exact: true }) });
  await expect(annual.getByText(windowWords(lastDone, 12, 3, 3))).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await page.goto('/inspections/upcoming');
  const due = page.getByRole('list', { name: 'Due, not scheduled' });
  await expect(due.getByRole('listitem').filter({ hasText: 'Quarterly inspection' }).getByText(`Due ${windowWords(lastDone, 3, 1, 1)}`, { exact: false })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});
