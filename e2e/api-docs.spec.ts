import { expect, expectAccessible, expectNoSidewaysScroll, test } from './fixtures';

for (const width of [375, 1280]) {
  test(`the API reference at ${width} px reads as headings and tables, passes axe, and needs no script`, async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(String(error)));
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/api/docs');
    await expect(page).toHaveTitle('Firemark API reference');
    await expect(page.getByRole('heading', { level: 1, name: /Firemark API/ })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();

    // The contents lead to each section, by keyboard too.
    const contents = page.getByRole('navigation', { name: 'Sections of the reference' });
    await contents.getByRole('link', { name: 'Properties' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#tag-properties$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Properties' })).toBeInViewport();

    const list = page.getByRole('region', { name: 'GET /api/properties List properties' });
    await expect(list.getByRole('table', { name: 'Parameters of GET /api/properties' })).toContainText(
      'Available values: "commercial", "retail", "healthcare", "education", "residential", "industrial", "other".',
    );
    await list.getByRole('table', { name: 'Responses of GET /api/properties' }).getByRole('link', { name: 'ListPropertiesResponse200' }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'ListPropertiesResponse200' })).toBeInViewport();

    await expectAccessible(page);
    if (width === 375) {
      const wide = await page.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5).slice(0, 5).map((e) => `${e.tagName}.${e.className}: ${e.textContent?.slice(0, 80)}`));
      expect(wide).toEqual([]);
      await expectNoSidewaysScroll(page);
    }
    expect(problems).toEqual([]);
  });
}
