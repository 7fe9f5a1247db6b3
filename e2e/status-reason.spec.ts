import type { Page } from '@playwright/test';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, scheduleInspectionViaApi, test } from './fixtures';

/**
 * Issue 30, item 1 (DECISIONS "Compliance model"): a property whose extinguishers passed but
 * whose fire doors were never inspected is Pending, not Compliant, and says why wherever its
 * status is shown: the dashboard, the properties list, its own page and the verification page.
 */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const origin = () => new URL(test.info().project.use.baseURL!).origin;

async function complete(page: Page, id: number) {
  const res = await page.request.put(`/api/inspections/${id}`, {
    data: { status: 'completed', complianceStatus: 'compliant', notes: 'All tags current' },
    headers: { origin: origin() },
  });
  expect(res.status()).toBe(200);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a property with an item never inspected reads Pending with its reason everywhere, and Compliant once every item passed', async ({ proPage: page, browser }) => {
      const property = await addProperty(page, { name: 'Harbor View Offices' });
      const extinguishers = await scheduleInspectionViaApi(page, { propertyId: property.id, inspectionType: 'fire_extinguisher', dueDate: day(0) });
      await complete(page, extinguishers.id);
      const doors = await scheduleInspectionViaApi(page, { propertyId: property.id, inspectionType: 'fire_doors', dueDate: day(60) });

      await page.goto('/dashboard');
      const card = page.getByRole('article', { name: 'Harbor View Offices' });
      await expect(card).toContainText('Pending');
      await expect(card.getByText('Fire doors never inspected')).toBeVisible();
      // Only the extinguishers' own badge says Compliant; the property's says Pending.
      await expect(card.getByText('Compliant', { exact: true })).toHaveCount(1);
      await expect(page.getByRole('group', { name: 'Compliant' })).toContainText(/0\s*of 1 properties/);

      await page.goto('/properties');
      await expect(page.getByText('Fire doors never inspected').first()).toBeVisible();

      await page.goto(`/properties/${property.id}`);
      const header = page.locator('main');
      await expect(page.getByRole('heading', { name: 'Harbor View Offices', level: 1 })).toBeVisible();
      await expect(header.getByText('Pending', { exact: true }).first()).toBeVisible();
      await expect(header.getByText('Fire doors never inspected')).toBeVisible();
      if (viewport.width < 400) await expectNoSidewaysScroll(page);
      await expectAccessible(page);

      // The report's public page shows the status it recorded, with the reason.
      const report = await page.request.post('/api/reports', { data: { propertyId: property.id, reportType: 'fire_safety' }, headers: { origin: origin() } });
      expect(report.status()).toBe(201);
      const visitor = await (await browser.newContext({ viewport, baseURL: test.info().project.use.baseURL })).newPage();
      await visitor.goto((await report.json()).verifyPath);
      await expect(visitor.getByText('This report number and link are genuine.')).toBeVisible();
      await expect(visitor.getByText('Pending', { exact: true }).first()).toBeVisible();
      await expect(visitor.getByText('Fire doors never inspected')).toBeVisible();
      if (viewport.width < 400) await expectNoSidewaysScroll(visitor);
      await expectAccessible(visitor);
      await visitor.context().close();

      // The fire doors pass: now every item has, and the property is Compliant, saying why.
      await complete(page, doors.id);
      await page.reload();
      await expect(header.getByText('Compliant', { exact: true }).first()).toBeVisible();
      await expect(header.getByText(/All 2 safety items passed their last inspection; next due/)).toBeVisible();
      await expect(header.getByText('Fire doors never inspected')).toHaveCount(0);
    });
  });
}
