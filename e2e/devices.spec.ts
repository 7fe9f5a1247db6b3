import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, expectToast, test } from './fixtures';

/** A calendar date n days from today (UTC, the suite browser's and account's time zone). */
const day = (n: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const shown = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The item's line in the Overview's Compliance Items, with its status in words. */
const complianceItem = (page: Page, name: string) => page.getByRole('tabpanel', { name: 'Overview' }).getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });

test('on a phone, a device is added, found on its property with its tag and dates, and taken out of service and back', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const property = await addProperty(page, { name: 'Harbor View Offices' });
  const added = await page.request.post(`/api/properties/${property.id}/safety-items`, { data: { itemType: 'fire_extinguisher', nextDueDate: day(30) }, headers: { origin } });
  expect(added.status()).toBe(201);
  const tag = `EX-${randomBytes(3).toString('hex').toUpperCase()}`;

  await page.goto(`/properties/${property.id}`);
  const before = (await complianceItem(page, 'Fire Extinguishers').textContent()) ?? '';
  expect(before).not.toContain('Action Needed');

  // The Devices tab, empty, says what a device is and offers to add one.
  await page.getByRole('tab', { name: 'Devices' }).click();
  const devices = page.getByRole('region', { name: 'Devices' });
  await expect(devices.getByRole('heading', { name: 'No devices yet' })).toBeVisible();
  await expect(devices).toContainText('A device is one unit of a safety item');
  await expectNoSidewaysScroll(page);
  await devices.getByRole('button', { name: 'Add device' }).click();

  const dialog = page.getByRole('dialog', { name: 'Add device' });
  // The property's only safety item is chosen already; its subtypes are the extinguisher agents.
  await expect(dialog.getByLabel('Safety item')).toHaveValue('fire_extinguisher');
  await dialog.getByLabel('Subtype (optional)').selectOption({ label: 'Dry chemical, stored pressure (steel, brass or aluminium shell)' });
  await dialog.getByLabel('Size or rating (optional)').fill('5 lb ABC');
  await dialog.getByLabel('Building (optional)').fill('North wing');
  await dialog.getByLabel('Floor (optional)').fill('3');
  await dialog.getByLabel('Room (optional)').fill('301');
  await dialog.getByLabel('Location description (optional)').fill('by stair B door');
  await dialog.getByLabel('Tag (optional)').fill('a');
  await dialog.getByLabel('Month of manufacture (optional)').fill('2024-04');
  await dialog.getByRole('button', { name: 'Add Device' }).click();
  // A tag too short is refused by its field, before anything is sent.
  await expect(dialog.getByText('Tags are 3 to 20 letters, digits and dashes, starting and ending with a letter or digit')).toBeVisible();
  await dialog.getByLabel('Tag (optional)').fill(tag.toLowerCase());
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Add Device' }).click();
  await expectToast(page, 'Device Added', `Fire extinguisher ${tag} is on the list.`);

  // On the property: under its item, building and floor, with its tag, kind, spot and next due date.
  const listed = (await (await page.request.get(`/api/properties/${property.id}/devices`)).json()) as { id: number; tag: string; nextDueDate: string | null }[];
  expect(listed.map((d) => d.tag)).toEqual([tag]);
  expect(listed[0]!.nextDueDate).not.toBeNull();
  await expect(devices.getByRole('heading', { name: 'Fire Extinguishers (1)' })).toBeVisible();
  await expect(devices.getByRole('heading', { name: 'North wing · Floor 3' })).toBeVisible();
  const row = devices.getByRole('link', { name: new RegExp(tag) });
  await expect(row).toContainText('Dry chemical, stored pressure (steel, brass or aluminium shell) · 5 lb ABC');
  await expect(row).toContainText('Room 301 · by stair B door');
  await expect(row).toContainText(`Next due ${shown(listed[0]!.nextDueDate!)}`);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // Its page: the dates counted from its month of manufacture (NFPA 10 Table 8.3.1: 12 years; 6 years for the internal examination), due by the month's last day.
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: `Tag ${tag}` })).toBeVisible();
  const requirement = (activity: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: activity, exact: true }) });
  await expect(requirement('12-year hydrostatic test')).toContainText('Next due: Apr 30, 2036');
  await expect(requirement('6-year internal examination')).toContainText('Next due: Apr 30, 2030');
  await expect(page.getByText('April 2024')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // Out of service needs a reason.
  await page.getByRole('button', { name: 'Change status' }).click();
  const status = page.getByRole('dialog', { name: 'Change status' });
  await status.getByLabel('Status').selectOption({ label: 'Out of service' });
  await status.getByRole('button', { name: 'Save Status' }).click();
  await expect(status.getByText('Say why it is out of service')).toBeVisible();
  await status.getByLabel('Reason').fill('Discharged, sent for recharge');
  await status.getByRole('button', { name: 'Save Status' }).click();
  await expectToast(page, 'Status Changed', `Tag ${tag} is now out of service.`);
  // Said under the page's title, and kept in its history.
  await expect(page.getByRole('group', { name: 'Device actions' }).getByRole('button', { name: 'Inspect now' })).toHaveCount(0);
  await expect(page.getByText('Out of service: Discharged, sent for recharge')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem').first()).toContainText('Out of service: Discharged, sent for recharge');

  // Its item is now failing on the property page, in words.
  await page.getByRole('link', { name: 'Devices at Harbor View Offices' }).click();
  await expect(devices.getByRole('link', { name: new RegExp(tag) })).toContainText('Out of service');
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(complianceItem(page, 'Fire Extinguishers')).toContainText('Action Needed');

  // Back in service, the item is as it was.
  await page.getByRole('tab', { name: 'Devices' }).click();
  await devices.getByRole('link', { name: new RegExp(tag) }).click();
  await page.getByRole('button', { name: 'Change status' }).click();
  await status.getByLabel('Status').selectOption({ label: 'In service' });
  await status.getByRole('button', { name: 'Save Status' }).click();
  await expectToast(page, 'Status Changed', `Tag ${tag} is now in service.`);
  await page.getByRole('link', { name: 'Devices at Harbor View Offices' }).click();
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(complianceItem(page, 'Fire Extinguishers')).not.toContainText('Action Needed');

  // Inspect now opens the walk-through of its most urgent activity at this device.
  const requirements = (await (await page.request.get(`/api/devices/${listed[0]!.id}/requirements`)).json()) as { activity: string; nextDueDate: string | null }[];
  const urgent = requirements.filter((r) => r.nextDueDate).sort((a, b) => a.nextDueDate!.localeCompare(b.nextDueDate!))[0]!;
  await page.getByRole('tab', { name: 'Devices' }).click();
  await devices.getByRole('link', { name: new RegExp(tag) }).click();
  await page.getByRole('group', { name: 'Device actions' }).getByRole('button', { name: 'Inspect now' }).click();
  await expect(page).toHaveURL(new RegExp(`/walkthroughs/\\d+\\?device=${listed[0]!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: urgent.activity })).toBeVisible();
});

test('on a phone, a device is edited with the server naming a tag in use on its field, and deleted unless it has inspection history', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const headers = { origin: new URL(test.info().project.use.baseURL!).origin };
  const property = await addProperty(page, { name: 'Harbor View Offices' });
  expect((await page.request.post(`/api/properties/${property.id}/safety-items`, { data: { itemType: 'fire_extinguisher', nextDueDate: day(30) }, headers })).status()).toBe(201);
  const add = async (tag: string) => {
    const response = await page.request.post(`/api/properties/${property.id}/devices`, { data: { itemType: 'fire_extinguisher', tag, location: { floor: '1' } }, headers });
    expect(response.status()).toBe(201);
    return (await response.json()) as { id: number; tag: string };
  };
  const suffix = randomBytes(3).toString('hex').toUpperCase();
  const walked = await add(`WK-${suffix}`);
  const spare = await add(`SP-${suffix}`);

  // Edit: a tag another device has is refused by the server, and said under the field.
  await page.goto(`/devices/${spare.id}`);
  await page.getByRole('group', { name: 'Device actions' }).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit device' });
  await edit.getByLabel('Tag', { exact: true }).fill(walked.tag);
  await edit.getByLabel('Room (optional)').fill('Lobby');
  await expectNoSidewaysScroll(page);
  await edit.getByRole('button', { name: 'Save Device' }).click();
  await expect(edit.getByText('This tag is already in use. Leave it empty to have one made.')).toBeVisible();
  await expect(edit.getByLabel('Tag', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await edit.getByLabel('Tag', { exact: true }).fill(spare.tag);
  await edit.getByRole('button', { name: 'Save Device' }).click();
  await expectToast(page, 'Device Saved', `Tag ${spare.tag} is up to date.`);
  await expect(page.getByRole('region', { name: 'Facts' })).toContainText('Lobby');

  // Delete: a device without history goes.
  await page.getByRole('group', { name: 'Device actions' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete device' }).getByRole('button', { name: 'Delete Device' }).click();
  await expectToast(page, 'Device Deleted', `Tag ${spare.tag} is no longer on the list.`);
  const devices = page.getByRole('region', { name: 'Devices' });
  await expect(devices.getByRole('link', { name: new RegExp(walked.tag) })).toBeVisible();
  await expect(devices.getByRole('link', { name: new RegExp(spare.tag) })).toHaveCount(0);

  // One walked past once keeps its record: the server's refusal is shown in the dialog, which stays open.
  const [requirement] = (await (await page.request.get(`/api/devices/${walked.id}/requirements`)).json()) as { requirementId: number }[];
  const walk = (await (await page.request.post(`/api/properties/${property.id}/walkthroughs`, { data: { requirementId: requirement!.requirementId }, headers })).json()) as { id: number };
  const tap = await page.request.put(`/api/walkthroughs/${walk.id}/results/${walked.id}`, { data: { clientId: crypto.randomUUID(), result: 'pass' }, headers });
  expect(tap.status()).toBe(200);
  await devices.getByRole('link', { name: new RegExp(walked.tag) }).click();
  await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem').first()).toContainText('Pass');
  await page.getByRole('group', { name: 'Device actions' }).getByRole('button', { name: 'Delete' }).click();
  const refuse = page.getByRole('alertdialog', { name: 'Delete device' });
  await refuse.getByRole('button', { name: 'Delete Device' }).click();
  await expect(refuse.getByRole('alert')).toHaveText('This device has inspection history. Mark it removed instead, so its record is kept.');
  await expectAccessible(page);
  await refuse.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Tag ${walked.tag}` })).toBeVisible();
});
