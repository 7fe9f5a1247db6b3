import type { Locator, Page } from '@playwright/test';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, test } from './fixtures';

// Issue 35 §2: "Record past inspections", keyboard first, for a portfolio without a page per property.

const origin = () => new URL(test.info().project.use.baseURL!).origin;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const shown = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
};

/** A past day away from month ends: the given day of the month, this many months back (UTC, the account's zone). */
function monthsAgo(months: number, dayOfMonth: number): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, dayOfMonth));
  return d.toISOString().slice(0, 10);
}

/**
 * Three properties with rechargeable stored-pressure dry chemical extinguishers: four
 * requirements each (monthly, annual, 6-year, 12-year hydrostatic), twelve rows.
 */
async function seedPortfolio(page: Page) {
  const nextDueDate = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
  const answers = { agents: ['dry_chemical'], recharge: ['rechargeable'] };
  for (const name of ['Alder House', 'Birch Court', 'Cedar Hall']) {
    const property = await addProperty(page, { name });
    const added = await page.request.post(`/api/properties/${property.id}/safety-items`, {
      data: { itemType: 'fire_extinguisher', nextDueDate, answers },
      headers: { origin: origin() },
    });
    expect(added.status()).toBe(201);
  }
}

/** Presses Tab until the element has focus, as a keyboard user reaches it. */
async function tabTo(page: Page, target: Locator, most = 80) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  await expect(target).toBeFocused();
}

test('fill 10 dates in the grid with the keyboard only', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await seedPortfolio(page);

  await page.goto('/properties');
  await page.getByRole('link', { name: 'Record past inspections' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Record past inspections' })).toBeVisible();
  const grid = page.getByRole('grid');
  const rows = grid.getByRole('row');
  await expect(rows).toHaveCount(13); // the header and twelve requirements
  await expect(page.getByRole('heading', { name: '12 requirements' })).toBeVisible();
  const row = (i: number) => rows.nth(i + 1);
  const lastDone = (i: number) => row(i).getByRole('textbox');
  const nextDue = (i: number) => row(i).getByRole('gridcell').last();
  await expect(row(0)).toContainText('Alder House');
  await expect(row(0)).toContainText('Monthly visual inspection');
  const before = await Promise.all(Array.from({ length: 10 }, (_, i) => nextDue(i).innerText()));
  const dates = Array.from({ length: 10 }, (_, i) => monthsAgo(i + 1, 10 + i));

  await tabTo(page, lastDone(0));
  for (let i = 0; i < 10; i++) {
    if (i === 2) {
      // A day that does not exist: said in place, nothing typed is lost, nothing moves.
      await page.keyboard.type('2025-02-30');
      await page.keyboard.press('Enter');
      await expect(row(2)).toContainText('Not a date: type it as YYYY-MM-DD, e.g. 2025-03-14');
      await expect(lastDone(2)).toHaveValue('2025-02-30');
      await expect(lastDone(2)).toBeFocused();
      await page.keyboard.press('ControlOrMeta+a');
    }
    if (i === 4) {
      // To the result beside it and back: that one failed.
      await page.keyboard.press('ArrowRight');
      // Its name says which row it is, as the date's does.
      await expect(row(4).getByRole('button', { name: 'Result: Pass, Birch Court, Fire Extinguishers, Monthly visual inspection' })).toBeFocused();
      await page.keyboard.press('f');
      await expect(row(4).getByRole('button', { name: 'Result: Fail' })).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(lastDone(4)).toBeFocused();
    }
    await page.keyboard.type(dates[i]!);
    await page.keyboard.press('Enter');
    await expect(lastDone(i + 1)).toBeFocused();
  }

  for (let i = 0; i < 10; i++) await expect(row(i)).toContainText(/Saved\. Next due/);
  await expect(page.getByRole('status').filter({ hasText: /Saved\. Next due/ })).toHaveCount(1);
  const after = await Promise.all(Array.from({ length: 10 }, (_, i) => nextDue(i).innerText()));
  for (let i = 0; i < 10; i++) expect(after[i], `next due of row ${i + 1}`).not.toBe(before[i]);
  // Alder House's annual maintenance: a year after the day typed.
  await expect(row(1)).toContainText('Annual maintenance');
  const annual = new Date(`${dates[1]}T00:00:00Z`);
  annual.setUTCFullYear(annual.getUTCFullYear() + 1);
  expect(after[1]).toContain(shown(annual.toISOString().slice(0, 10)));

  // Arrow keys move up and down the column too.
  await page.keyboard.press('ArrowUp');
  await expect(lastDone(9)).toBeFocused();

  await page.reload();
  await expect(rows).toHaveCount(13);
  for (let i = 0; i < 10; i++) {
    await expect(lastDone(i)).toHaveValue(dates[i]!);
    await expect(nextDue(i)).toHaveText(after[i]!);
  }
  await expect(row(4).getByRole('button', { name: 'Result: Fail' })).toBeVisible();
  await expect(lastDone(10)).toHaveValue('');
});

test('a day saved by mistake is corrected in place: the row keeps the corrected day, not the later mistake', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await seedPortfolio(page);
  await page.goto('/properties');
  await page.getByRole('link', { name: 'Record past inspections' }).click();
  const rows = page.getByRole('grid').getByRole('row');
  await expect(rows).toHaveCount(13);
  const row = rows.nth(2); // Alder House's annual maintenance
  await expect(row).toContainText('Annual maintenance');
  const lastDone = row.getByRole('textbox');
  const nextDue = row.getByRole('gridcell').last();
  const mistake = monthsAgo(1, 21);
  const meant = monthsAgo(1, 12);
  const yearAfter = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;

  await lastDone.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(mistake);
  await page.keyboard.press('Enter');
  await expect(row).toContainText(/Saved\. Next due/);
  await expect(nextDue).toContainText(shown(yearAfter(mistake)));

  // Back up and type the right day over it: corrected, not added to.
  await page.keyboard.press('ArrowUp');
  await expect(lastDone).toBeFocused();
  await page.keyboard.type(meant);
  await page.keyboard.press('Enter');
  await expect(row).toContainText(`Corrected. Next due ${shown(yearAfter(meant))}.`);
  await expect(lastDone).toHaveValue(meant);
  await expect(nextDue).toContainText(shown(yearAfter(meant)));

  // Pressing Enter on it again, unchanged, saves nothing more.
  await lastDone.focus();
  await page.keyboard.press('Enter');
  // Pass switched to Fail and back: each corrects the one inspection.
  for (const [key, label] of [['f', 'Fail'], ['p', 'Pass']] as const) {
    await row.getByRole('button', { name: /^Result: / }).focus();
    await page.keyboard.press(key);
    await expect(row.getByRole('button', { name: new RegExp(`^Result: ${label}, `) })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(row).toContainText(`Corrected. Next due ${shown(yearAfter(meant))}.`);
    await expect(row.getByRole('button', { name: /^Result: / })).toHaveText(label);
  }
  await page.reload();
  await expect(rows).toHaveCount(13);
  await expect(lastDone).toHaveValue(meant);
  await expect(nextDue).toContainText(shown(yearAfter(meant)));
  const property = ((await (await page.request.get('/api/properties?q=Alder', { headers: { origin: origin() } })).json()) as { id: number }[])[0]!;
  const done = await page.request.get(`/api/inspections?propertyId=${property.id}&status=completed`, { headers: { origin: origin() } });
  expect(((await done.json()) as unknown[]).length, 'completed inspections of Alder House').toBe(1);
});

test('at 375 px the grid scrolls sideways in its box with the property kept in view, and is accessible', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await seedPortfolio(page);
  const property = await page.request.get('/api/properties?q=Birch', { headers: { origin: origin() } });
  const birch = ((await property.json()) as { id: number }[])[0]!;

  // From the property's page, near its requirements: that property's rows only.
  await page.goto(`/properties/${birch.id}`);
  await page.getByRole('link', { name: 'Record past inspections' }).click();
  await expect(page.getByText('Showing one property: Birch Court.')).toBeVisible();
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row')).toHaveCount(5);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  const firstRow = grid.getByRole('row').nth(1);
  const propertyCell = firstRow.getByRole('rowheader');
  const box = page.locator('div.overflow-x-auto').filter({ has: grid });
  await box.evaluate((el) => el.scrollBy({ left: 400 }));
  await expect(propertyCell).toBeInViewport();
  const left = await propertyCell.evaluate((el) => el.getBoundingClientRect().left);
  expect(left).toBeGreaterThanOrEqual(0);

  await firstRow.getByRole('textbox').fill('2999-01-01');
  await firstRow.getByRole('textbox').press('Enter');
  await expect(firstRow).toContainText('Cannot be in the future');

  await page.getByRole('button', { name: 'Show every property' }).click();
  await expect(grid.getByRole('row')).toHaveCount(13);
  // What was typed and not saved is still there.
  await expect(grid.getByRole('row').filter({ hasText: 'Birch Court' }).first().getByRole('textbox')).toHaveValue('2999-01-01');
});

test('the dashboard offers to record past inspections while requirements are due with nothing scheduled', async ({ proPage: page }) => {
  const property = await addProperty(page, { name: 'Dogwood Lofts' });
  const today = new Date().toISOString().slice(0, 10);
  const added = await page.request.post(`/api/properties/${property.id}/safety-items`, {
    data: { itemType: 'fire_alarm', nextDueDate: today },
    headers: { origin: origin() },
  });
  expect(added.status()).toBe(201);

  await page.goto('/dashboard');
  await expect(page.getByText('Already have inspection records?')).toBeVisible();
  await page.getByRole('link', { name: 'Record past inspections' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Record past inspections' })).toBeVisible();
  await expect(page.getByRole('grid').getByRole('row').filter({ hasText: 'Dogwood Lofts' }).first()).toBeVisible();
});

test('a row already recorded elsewhere is left as it was: the next day typed is added, never put in its place', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await seedPortfolio(page);
  const imported = monthsAgo(3, 14);
  const latest = monthsAgo(2, 14);
  const recorded = await page.request.post('/api/inspection-history/import', {
    data: {
      rows: [
        { property: 'Alder House', itemType: 'Fire extinguishers', activity: 'Annual maintenance', performedOn: imported, result: 'pass', inspector: 'Northside Fire', notes: 'Tags renewed on all units' },
        { property: 'Alder House', itemType: 'Fire extinguishers', activity: 'Annual maintenance', performedOn: latest, result: 'pass' },
      ],
    },
    headers: { origin: origin() },
  });
  expect(recorded.status()).toBe(201);

  await page.goto('/properties/past-inspections');
  const rows = page.getByRole('grid').getByRole('row');
  await expect(rows).toHaveCount(13);
  const row = rows.nth(2); // Alder House's annual maintenance
  await expect(row).toContainText('Annual maintenance');
  const lastDone = row.getByRole('textbox');
  await expect(lastDone).toHaveValue(latest);

  // The older imported day typed over it: the grid says it is already recorded and adds nothing.
  await lastDone.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(imported);
  await page.keyboard.press('Enter');
  await expect(row).toContainText('Already recorded.');

  // Another day typed next is a new record beside it, not a correction of the imported one.
  const later = monthsAgo(1, 9);
  await page.keyboard.press('ArrowUp');
  await expect(lastDone).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(later);
  await page.keyboard.press('Enter');
  await expect(row).toContainText(/Saved\. Next due/);
  await expect(lastDone).toHaveValue(later);

  const property = ((await (await page.request.get('/api/properties?q=Alder', { headers: { origin: origin() } })).json()) as { id: number }[])[0]!;
  const done = await page.request.get(`/api/inspections?propertyId=${property.id}&status=completed`, { headers: { origin: origin() } });
  const completed = (await done.json()) as { completionNotes: string | null; assignedTo: string }[];
  expect(completed, 'completed inspections of Alder House').toHaveLength(3);
  // The imported completion is still there, with its inspector and notes.
  expect(completed.some((i) => i.completionNotes === 'Tags renewed on all units' && i.assignedTo === 'Northside Fire'), JSON.stringify(completed)).toBe(true);
});
