import type { Page } from '@playwright/test';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, scheduleInspectionViaApi, test } from './fixtures';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search', exact: true });
const results = (page: Page) => page.getByRole('listbox', { name: 'Search results' });

/** A calendar date n days from today (UTC, the suite browser's and the account's time zone). */
const day = (n: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

for (const width of [1280, 375]) {
  test(`search finds names across case and accents, in the top bar and the lists (${width} px)`, async ({ proPage: page }) => {
    await page.setViewportSize({ width, height: 800 });
    const depot = await addProperty(page, { name: 'Čelákovice Depot', city: 'Praha' });
    await addProperty(page, { name: 'Bytový dům Vinohrady', city: 'Praha' });
    await addProperty(page, { name: 'Harbor View Offices' });
    await scheduleInspectionViaApi(page, { propertyId: depot.id, dueDate: day(10), assignedTo: 'Zoë Šťastná' });

    await page.goto('/dashboard');
    for (const term of ['ČELÁKOVICE', 'čelákovice', 'Celakovice']) {
      await searchBox(page).fill(term);
      const properties = results(page).getByRole('group', { name: 'Properties' });
      await expect(properties.getByRole('option')).toHaveCount(1);
      await expect(properties.getByRole('option', { name: /Čelákovice Depot/ })).toBeVisible();
    }
    await searchBox(page).fill('DŮM');
    await expect(results(page).getByRole('group', { name: 'Properties' }).getByRole('option', { name: /Bytový dům Vinohrady/ })).toBeVisible();
    await searchBox(page).fill('zoe stastna');
    await expect(results(page).getByRole('group', { name: 'Inspections' }).getByRole('option', { name: /Čelákovice Depot/ })).toBeVisible();
    await expectAccessible(page);
    await searchBox(page).fill('');

    await page.goto('/properties');
    await page.getByLabel('Search properties').fill('CELAKOVICE');
    // A phone shows cards, a desktop a table: what shows is what counts.
    await expect(page.getByText('Čelákovice Depot').filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText('Harbor View Offices')).toHaveCount(0);
    await expect(page.getByText('Bytový dům Vinohrady')).toHaveCount(0);

    await page.goto('/inspections');
    await page.getByLabel('Search inspections').fill('ŠŤASTNÁ');
    await expect(page.getByText('Zoë Šťastná').filter({ visible: true }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
}
