import type { Page } from '@playwright/test';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, expectToast, test } from './fixtures';

/** A calendar date n days from today (UTC, the suite browser's and account's time zone). */
const day = (n: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const schedule = (page: Page) => page.getByRole('region', { name: 'Compliance Schedule' });
/** The schedule's row of an activity (not the folded "Does not apply here" list). */
const requirementRow = (page: Page, activity: string) => schedule(page).locator('ul.divide-y > li').filter({ has: page.getByText(activity, { exact: true }) });

test('on a phone, answering which agents the extinguishers hold takes the 5-year hydrostatic test off the schedule', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const property = await addProperty(page, { name: 'Harbor View Offices' });
  await page.goto(`/properties/${property.id}`);

  // Extinguishers added without answering: both hydrostatic tests are listed.
  await schedule(page).getByRole('button', { name: 'Add safety item' }).click();
  const add = page.getByRole('dialog', { name: 'Add safety item' });
  await add.getByLabel('Safety item').selectOption({ label: 'Fire Extinguishers' });
  const addAgents = add.getByRole('group', { name: 'Which agents do the extinguishers hold?' });
  await expect(addAgents).toBeVisible();
  // An answer given here leaves out what it rules out: CO2 alone needs no 12-year test.
  await expect(add.getByLabel('12-year hydrostatic test: last done', { exact: true })).toBeVisible();
  await addAgents.getByRole('checkbox', { name: 'Carbon dioxide (CO2)' }).check();
  await expect(add.getByLabel('12-year hydrostatic test: last done', { exact: true })).toHaveCount(0);
  await addAgents.getByRole('checkbox', { name: 'Carbon dioxide (CO2)' }).uncheck();
  await add.getByLabel('Same day for all').fill(day(-20));
  await add.getByRole('button', { name: 'Use for all' }).click();
  await add.getByRole('button', { name: 'Add Safety Item' }).click();
  await expectToast(page, 'Safety Item Added');

  const about = schedule(page).getByRole('region', { name: 'About these Fire Extinguishers' });
  await expect(about).toContainText('Which agents do the extinguishers hold?');
  await expect(about).toContainText('Not answered.');
  await expect(about).toContainText('Until you answer, both the 5-year and the 12-year hydrostatic test are listed.');
  await expect(requirementRow(page, '5-year hydrostatic test')).toHaveCount(1);
  await expect(requirementRow(page, '12-year hydrostatic test')).toHaveCount(1);
  await expectNoSidewaysScroll(page);

  // Answered with the keyboard: stored-pressure dry chemical, rechargeable.
  await about.getByRole('button', { name: 'Edit answers about these Fire Extinguishers' }).click();
  const dialog = page.getByRole('dialog', { name: 'About these Fire Extinguishers' });
  const agents = dialog.getByRole('group', { name: 'Which agents do the extinguishers hold?' });
  await agents.getByRole('checkbox', { name: 'Dry chemical, stored pressure (steel, brass or aluminium shell)' }).focus();
  await page.keyboard.press('Space');
  await expect(agents.getByRole('checkbox', { name: 'Dry chemical, stored pressure (steel, brass or aluminium shell)' })).toBeChecked();
  await dialog.getByRole('group', { name: 'Can they be recharged?' }).getByRole('checkbox', { name: 'Rechargeable', exact: true }).check();
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Save Answers' }).click();
  await expectToast(page, 'Answers Saved');

  await expect(about).toContainText('Dry chemical, stored pressure (steel, brass or aluminium shell)');
  await expect(about).not.toContainText('Not answered.');
  await expect(requirementRow(page, '5-year hydrostatic test')).toHaveCount(0);
  await expect(requirementRow(page, '12-year hydrostatic test')).toHaveCount(1);
  // Kept, folded, with the answer that ruled it out.
  const folded = schedule(page).getByText('Does not apply here (2)');
  await folded.click();
  const notApplicable = schedule(page).locator('details').filter({ hasText: 'Does not apply here' });
  await expect(notApplicable).toContainText('5-year hydrostatic test');
  await expect(notApplicable).toContainText('Does not apply: Which agents do the extinguishers hold? Dry chemical, stored pressure');
  await expect(notApplicable).toContainText('Replace non-rechargeable units (12 years from manufacture)');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});
