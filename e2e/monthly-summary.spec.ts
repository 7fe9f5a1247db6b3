import { expect, expectAccessible, expectNoSidewaysScroll, test } from './fixtures';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The month `back` months before this one, in UTC (the account's zone here), as YYYY-MM and its name. */
function monthsAgo(back: number): { value: string; label: string } {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return { value: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`, label: `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}` };
}

test.describe('the monthly portfolio summary on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('an owner asks for it by mail in Settings and downloads a month of it from the Insight page', async ({ signedInPage: page }) => {
    await page.goto('/settings');
    const monthly = page.getByRole('switch', { name: 'Monthly portfolio summary' });
    await expect(monthly).toHaveAttribute('aria-checked', 'false');
    await monthly.click();
    await expect(monthly).toHaveAttribute('aria-checked', 'true');
    await expect.poll(async () => (await (await page.request.get('/api/auth/notification-settings')).json()).emailMonthlySummary).toBe(true);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Monthly portfolio summary' })).toHaveAttribute('aria-checked', 'true');

    // The mail's link: the month it summarised is the one chosen.
    const asked = monthsAgo(2);
    await page.goto(`/insight?summary=${asked.value}#monthly-summary`);
    const section = page.getByRole('region', { name: 'Monthly summary (PDF)' });
    await expect(section.getByLabel('Month')).toHaveValue(asked.value);
    await expect(section.getByRole('option', { name: monthsAgo(1).label })).toBeAttached();
    // This month has not ended: it is not offered.
    await expect(section.getByRole('option', { name: monthsAgo(0).label })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await section.getByLabel('Month').selectOption(monthsAgo(1).value);
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`firemark-summary-${monthsAgo(1).value}.pdf`);
    await expect(section.getByRole('status')).toHaveText(`firemark-summary-${monthsAgo(1).value}.pdf downloaded.`);
  });
});
