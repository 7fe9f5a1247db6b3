import type { Page } from '@playwright/test';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, expectToast, scheduleInspectionViaApi, test } from './fixtures';

// Issue 30, items 2 to 4: instructions and findings both kept, a signer who records another's
// inspection says so, and a shorter interval brings the next due date forward at once.

const day = (n: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const shown = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const origin = () => new URL(test.info().project.use.baseURL!).origin;

const WIDTHS = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** The value of a details-page term ("Instructions", "Findings", "Attestation"). */
async function detail(page: Page, term: string) {
  return page.getByRole('main').locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
}

for (const size of WIDTHS) {
  test(`on a ${size.name}: completing keeps the instructions beside the findings, and a recorder's signature names who performed it`, async ({ proPage: page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const inspector = await page.request.post('/api/inspectors', { data: { name: 'Alex Rivera', company: 'Acme Fire' }, headers: { origin: origin() } });
    expect(inspector.status()).toBe(201);
    const property = await addProperty(page, { name: 'Harbor View Offices' });
    const inspection = await scheduleInspectionViaApi(page, {
      propertyId: property.id,
      dueDate: day(0),
      assignedTo: 'Alex Rivera',
      inspectorId: (await inspector.json()).id,
      notes: 'Bring the tag punch; 12 units on 3 floors',
    });

    await page.goto(`/inspections/${inspection.id}`);
    await expect(await detail(page, 'Instructions')).toHaveText('Bring the tag punch; 12 units on 3 floors');
    await page.getByRole('button', { name: 'Complete with result' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Inspection' });
    // The instructions are in front of whoever completes it.
    await expect(dialog.getByText('Bring the tag punch; 12 units on 3 floors')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Compliant', exact: true }).check();
    await dialog.getByLabel('Findings').fill('All 12 tagged; unit 7 recharged');
    await expect(dialog.getByLabel('Performed by', { exact: true })).toHaveValue(/\d+/);

    // Signing "I performed this inspection" as someone else than the inspector is refused.
    await dialog.getByRole('radio', { name: 'I performed this inspection.' }).check();
    await dialog.getByLabel('Your full name').fill('Dana Cole');
    await dialog.getByRole('button', { name: 'Complete Inspection' }).click();
    await expect(dialog.getByText('Alex Rivera is recorded as performing this inspection. Sign as Alex Rivera, or choose "I am recording the result".')).toBeVisible();

    await dialog.getByRole('radio', { name: 'I am recording the result of an inspection performed by Alex Rivera.' }).check();
    await expectNoSidewaysScroll(page);
    await dialog.getByRole('button', { name: 'Complete Inspection' }).click();
    await expectToast(page, 'Inspection Completed');
    await expect(dialog).toBeHidden();

    await expect(await detail(page, 'Instructions')).toHaveText('Bring the tag punch; 12 units on 3 floors');
    await expect(await detail(page, 'Findings')).toHaveText('All 12 tagged; unit 7 recharged');
    await expect(await detail(page, 'Attestation')).toContainText('Performed by Alex Rivera. Recorded and signed by Dana Cole, who did not perform it.');
    await expect(await detail(page, 'Attestation')).toContainText('“I am recording the result of an inspection performed by Alex Rivera.” Signed Dana Cole');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  test(`on a ${size.name}: a shorter interval brings the next due date forward at once`, async ({ proPage: page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const property = await addProperty(page, { name: 'Maple Court' });
    const added = await page.request.post(`/api/properties/${property.id}/safety-items`, {
      data: { itemType: 'emergency_lighting', nextDueDate: day(90) },
      headers: { origin: origin() },
    });
    expect(added.status()).toBe(201);
    await page.goto(`/properties/${property.id}`);
    const row = page
      .getByRole('region', { name: 'Compliance Schedule' })
      .getByRole('listitem')
      .filter({ has: page.getByText('Monthly 30-second functional test', { exact: true }) });
    await expect(row).toContainText('Never');
    await expect(row).not.toContainText(shown(day(14)));

    await row.getByRole('button', { name: 'Change interval of Monthly 30-second functional test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change interval' });
    await dialog.getByLabel('Every').fill('2');
    await dialog.getByLabel('Unit').selectOption({ label: 'Weeks' });
    await dialog.getByLabel('Reason').fill('Insurer asks for fortnightly checks');
    await dialog.getByRole('button', { name: 'Save Interval' }).click();
    await expectToast(page, 'Interval Changed', `Monthly 30-second functional test: every 2 weeks, next due ${shown(day(14))}.`);
    await expect(row).toContainText(`Next due${shown(day(14))}`);
    await expect(row).toContainText('Due, not scheduled');
    await expectNoSidewaysScroll(page);
  });
}
