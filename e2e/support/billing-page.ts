import { expect, type Page } from '@playwright/test';

/** The Billing page's plan overview, and the value beside a term in it. */
export const overview = (page: Page) => page.getByRole('region', { name: 'Subscription Overview' });
export const detail = (page: Page, term: string) =>
  overview(page).getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd');

export async function openBilling(page: Page) {
  await page.goto('/billing');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Billing/);
}
