import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, expectToast, test } from './fixtures';

test('on a phone, a property moves to Ontario’s Fire Code after its differences are shown, with the keyboard', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const property = await addProperty(page, { name: 'Lakeshore Offices' });
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const added = await page.request.post(`/api/properties/${property.id}/safety-items`, { data: { itemType: 'fire_alarm', nextDueDate: '2030-01-15' }, headers: { origin } });
  expect(added.status()).toBe(201);
  const exits = await page.request.post(`/api/properties/${property.id}/safety-items`, { data: { itemType: 'emergency_exits', nextDueDate: '2030-01-15' }, headers: { origin } });
  expect(exits.status()).toBe(201);
  await page.goto(`/properties/${property.id}`);

  const card = page.getByRole('region', { name: 'Code set' });
  await expect(page.getByTestId('code-set-label')).toHaveText('United States: current NFPA editions');
  await expect(card).toContainText('NFPA 72 (2022)');
  await page.getByRole('button', { name: 'Change code set' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change code set' });
  const current = dialog.getByRole('radio', { name: 'United States: current NFPA editions (current)' });
  await expect(current).toBeChecked();
  // Arrow keys move through the sets (CMS, the National Fire Code, then Ontario); Space chooses.
  await current.focus();
  await expect(current).toBeFocused();
  for (const name of ['United States: CMS-certified healthcare (NFPA 101 and 99, 2012)', 'Canada: National Fire Code (2020)', 'Ontario: Ontario Fire Code (O. Reg. 213/07)']) {
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('radio', { name })).toBeFocused();
  }
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('radio', { name: 'Ontario: Ontario Fire Code (O. Reg. 213/07)' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Show what changes' }).click();

  const differences = dialog.getByTestId('code-set-differences');
  await expect(differences.getByRole('region', { name: 'Change interval or source' })).toContainText('Fire Alarm: Annual inspection and test (was Annual test)');
  await expect(differences.getByRole('region', { name: 'Change interval or source' })).toContainText('OFC (O. Reg. 213/07) 6.3; CAN/ULC-S536');
  await expect(differences.getByRole('region', { name: 'Added' })).toContainText('Fire Alarm: Monthly test');
  // NFPA 101's egress door inspection: Ontario's code does not ask it.
  await expect(differences.getByRole('region', { name: 'No longer apply' })).toContainText('Emergency Exits: Annual egress door inspection');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  // Nothing changed yet.
  await expect(page.getByTestId('code-set-label')).toHaveText('United States: current NFPA editions');

  await dialog.getByRole('button', { name: 'Apply Ontario code set' }).click();
  await expectToast(page, 'Code set changed', 'Lakeshore Offices now follows Ontario: Ontario Fire Code (O. Reg. 213/07).');
  await expect(page.getByTestId('code-set-label')).toHaveText('Ontario: Ontario Fire Code (O. Reg. 213/07)');
  await expect(card).toContainText('NFPA 25 (2014)');
  // Kept with its history, folded with the change that left it behind.
  const schedule = page.getByRole('region', { name: 'Compliance Schedule' });
  await schedule.getByText(/Does not apply here/).first().click();
  await expect(schedule.locator('details').filter({ hasText: 'Annual egress door inspection' })).toContainText('Code set changed to Ontario: Ontario Fire Code (O. Reg. 213/07), which does not ask it');
  await expectNoSidewaysScroll(page);
});

test('moving a property to Canada offers the National Fire Code, chosen, and changes nothing until it is applied', async ({ proPage: page }) => {
  const property = await addProperty(page, { name: 'Harbourfront Offices' });
  await page.goto(`/properties/${property.id}`);
  await expect(page.getByTestId('code-set-label')).toHaveText('United States: current NFPA editions');

  await page.getByRole('button', { name: 'Edit Property' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Property' });
  await edit.getByLabel('Country').selectOption('ca');
  await edit.getByLabel('State / Province').fill('BC');
  await edit.getByLabel('ZIP / Postal code').fill('V6B 1A1');
  await edit.getByRole('button', { name: 'Save Changes' }).click();

  const dialog = page.getByRole('dialog', { name: 'Change code set' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('code-set-reason')).toHaveText(
    'Where Harbourfront Offices now is, the suggested code set is Canada: National Fire Code (2020). Its requirements still follow United States: current NFPA editions until you apply another set.',
  );
  await expect(dialog.getByRole('radio', { name: 'Canada: National Fire Code (2020)' })).toBeChecked();
  await expectAccessible(page);
  // Declined: the set stays as it was.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('code-set-label')).toHaveText('United States: current NFPA editions');

  // A later move to Ontario offers Ontario's set, applied after its differences are shown.
  await page.getByRole('button', { name: 'Edit Property' }).click();
  await edit.getByLabel('City').fill('Toronto');
  await edit.getByLabel('State / Province').fill('ON');
  await edit.getByLabel('ZIP / Postal code').fill('M5V 2T6');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByRole('radio', { name: 'Ontario: Ontario Fire Code (O. Reg. 213/07)' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Show what changes' }).click();
  await dialog.getByRole('button', { name: 'Apply Ontario code set' }).click();
  await expect(page.getByTestId('code-set-label')).toHaveText('Ontario: Ontario Fire Code (O. Reg. 213/07)');
});
