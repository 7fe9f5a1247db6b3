import { expect, type Page } from '@playwright/test';

/**
 * From a property's Devices tab, starts the monthly visual walk-through as a person does, and
 * waits for its page. Answers the walk's path and id.
 */
export async function startMonthlyWalk(page: Page): Promise<{ walkPath: string; walkId: number }> {
  await page.getByRole('tab', { name: /^Devices/ }).click();
  await page.getByRole('button', { name: 'Start walk-through' }).click();
  const start = page.getByRole('dialog', { name: 'Start walk-through' });
  await start.getByRole('radio', { name: /^Monthly visual inspection/ }).check();
  await start.getByRole('button', { name: 'Start walk-through' }).click();
  await expect(page).toHaveURL(/\/walkthroughs\/\d+$/);
  const walkPath = new URL(page.url()).pathname;
  return { walkPath, walkId: Number(walkPath.split('/').pop()) };
}
