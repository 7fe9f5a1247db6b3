import sharp from 'sharp';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, test } from './fixtures';
import { startMonthlyWalk } from './support/walkthrough';

interface Device {
  id: number;
  tag: string;
}

test('on a phone, 30 extinguishers are walked: 29 pass, one fails with a check and a photo, the taps outlive a reload, and finishing completes the inspection', async ({ proPage: page }) => {
  const headers = { origin: new URL(test.info().project.use.baseURL!).origin };
  await page.setViewportSize({ width: 375, height: 812 });

  // A property with extinguishers due today and 30 of them, 15 on each of two floors.
  const property = await addProperty(page, { name: 'Harbor View Offices' });
  const today = new Date().toISOString().slice(0, 10);
  const item = await page.request.post(`/api/properties/${property.id}/safety-items`, { data: { itemType: 'fire_extinguisher', nextDueDate: today }, headers });
  expect(item.status()).toBe(201);
  for (const floor of ['1', '2']) {
    const added = await page.request.post(`/api/properties/${property.id}/devices/bulk`, {
      data: { count: 15, itemType: 'fire_extinguisher', subtype: 'dry_chemical', rating: '5 lb', location: { building: 'Main', floor, description: `Floor ${floor} corridor` } },
      headers,
    });
    expect(added.status()).toBe(201);
  }
  const devices = (await (await page.request.get(`/api/properties/${property.id}/devices`)).json()) as Device[];
  expect(devices).toHaveLength(30);

  // Started from the property's devices, for the monthly check.
  await page.goto(`/properties/${property.id}`);
  const { walkPath: walkUrl } = await startMonthlyWalk(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly visual inspection' })).toBeVisible();
  await expect(page.getByText('0 of 30 done', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Main · Floor 1 (15)' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Main · Floor 2 (15)' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  const row = (device: Device) => page.getByRole('listitem', { name: device.tag, exact: true });
  const pass = (device: Device) => row(device).getByRole('button', { name: 'Pass' });

  // The first 15 by keyboard: each Pass moves on to the next device's Pass button.
  await pass(devices[0]!).click();
  for (const device of devices.slice(1, 15)) {
    await expect(pass(device)).toBeFocused();
    await page.keyboard.press('Enter');
  }
  for (const device of devices.slice(0, 15)) await expect(pass(device)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('15 of 30 done', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `${devices[14]!.tag}: Pass` })).toBeAttached();
  await expect(page.getByText('Saving...')).toHaveCount(0);

  // A tap the server never got is kept on the phone: after a reload it is shown, and sent again when the server answers.
  const last = devices[29]!;
  const taps = '**/api/walkthroughs/*/results/*';
  // On the context: with the app's service worker in control, its requests are the worker's.
  await page.context().route(taps, (route) => route.abort('internetdisconnected'));
  await pass(last).click();
  await expect(row(last)).toContainText('Saved on this device, waiting to sync');
  await page.reload();
  await expect(pass(last)).toHaveAttribute('aria-pressed', 'true');
  await expect(row(last)).toContainText('Saved on this device, waiting to sync');
  await page.context().unroute(taps);
  await expect(row(last)).not.toContainText('Saved on this device, waiting to sync', { timeout: 20_000 });

  // Left and come back: every tap is there, from the server.
  await page.reload();
  await expect(page.getByText('16 of 30 done', { exact: true })).toBeVisible();
  await expect(pass(last)).toHaveAttribute('aria-pressed', 'true');
  for (const device of devices.slice(0, 15)) await expect(pass(device)).toHaveAttribute('aria-pressed', 'true');
  await expect(pass(devices[15]!)).toHaveAttribute('aria-pressed', 'false');

  // A scanned label (its QR code's address) jumps to the device.
  const jump = page.getByRole('search', { name: 'Jump to tag' });
  await jump.getByLabel('Jump to tag').fill(`${headers.origin}/t/${devices[15]!.tag}`);
  await page.keyboard.press('Enter');
  await expect(row(devices[15]!)).toBeFocused();
  await expect(row(devices[15]!)).toBeInViewport();

  // The 16th fails its gauge check, with a photo from the camera.
  await row(devices[15]!).getByRole('button', { name: 'Fail' }).click();
  const fail = page.getByRole('dialog', { name: `Fail ${devices[15]!.tag}` });
  await fail.getByRole('button', { name: 'Save failure' }).click();
  await expect(fail.getByText('Choose the check that failed, or describe what was found')).toBeVisible();
  await fail.getByRole('checkbox', { name: 'Pressure gauge not in the operable range' }).check();
  await fail.getByRole('radio', { name: 'Impairment' }).check();
  await fail.getByLabel('What was found').fill('Needle in the red zone');
  await fail.getByLabel('Corrective action').fill('Recharge or replace');
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } }).png().toBuffer();
  await fail.getByLabel('Photos').setInputFiles({ name: 'gauge.png', mimeType: 'image/png', buffer: photo });
  await expectNoSidewaysScroll(page);
  await fail.getByRole('button', { name: 'Save failure' }).click();
  await expect(fail).toBeHidden();
  await expect(row(devices[15]!).getByRole('button', { name: 'Fail' })).toHaveAttribute('aria-pressed', 'true');
  await expect(row(devices[15]!)).toContainText('Photo saved');

  // Without a signal a tap still shows, says it is saved on this device, and is sent once back online.
  await expect(pass(devices[16]!)).toBeFocused();
  await page.context().setOffline(true);
  await page.keyboard.press('Enter');
  await expect(pass(devices[16]!)).toHaveAttribute('aria-pressed', 'true');
  await expect(row(devices[16]!)).toContainText('Saved on this device, waiting to sync');
  await expect(page.getByRole('button', { name: 'Finish walk-through' })).toBeVisible();
  await page.context().setOffline(false);
  await expect(row(devices[16]!)).not.toContainText('Saved on this device, waiting to sync');
  await expect(row(devices[16]!)).not.toContainText('Saving...');

  // Not accessible asks why; the device stays due until it is tapped again.
  await row(devices[17]!).getByRole('button', { name: 'Not accessible' }).click();
  const away = page.getByRole('dialog', { name: `Not accessible: ${devices[17]!.tag}` });
  await away.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(away.getByText('Say why it could not be reached')).toBeVisible();
  await away.getByRole('button', { name: 'Room locked' }).click();
  await expect(away).toBeHidden();
  await expect(page.getByText('19 of 30 done · 1 failed · 1 not accessible', { exact: true })).toBeVisible();

  // The rest pass, one key each; the locked room, once opened, passes too.
  for (const device of devices.slice(18, 29)) {
    await expect(pass(device)).toBeFocused();
    await page.keyboard.press('Enter');
  }
  await pass(devices[17]!).click();
  await expect(pass(devices[17]!)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('30 of 30 done · 1 failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Saving...')).toHaveCount(0);
  await expectAccessible(page);

  // Finish: the attestation is required, then the report is offered.
  await page.getByRole('button', { name: 'Finish walk-through' }).click();
  const finish = page.getByRole('dialog', { name: 'Finish walk-through' });
  await expect(finish).toContainText('Every device was reached.');
  await finish.getByRole('button', { name: 'Finish walk-through' }).click();
  await expect(finish.getByText('Choose whether you performed the inspection or are recording it')).toBeVisible();
  await finish.getByRole('radio', { name: 'I performed this inspection.' }).check();
  await finish.getByLabel('Your full name').fill('Robin Fischer');
  await expectNoSidewaysScroll(page);
  await finish.getByRole('button', { name: 'Finish walk-through' }).click();
  const finished = page.getByRole('dialog', { name: 'Walk-through finished' });
  await expect(finished).toContainText('The inspection is completed: non-compliant, with 1 failure recorded as deficiencies.');
  await expect(finished).toContainText('Every device was reached.');
  await expect(finished.getByRole('button', { name: 'Generate Report' })).toBeVisible();
  await expectAccessible(page);

  // The inspection is completed and signed.
  await finished.getByRole('link', { name: 'See the inspection' }).click();
  const main = page.getByRole('main');
  await expect(main.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(main.getByText('Non-compliant', { exact: true }).first()).toBeVisible();
  await expect(main.getByText(/Signed Robin Fischer/)).toBeVisible();

  // The property shows the failure, with its photo.
  await page.goto(`/properties/${property.id}`);
  await page.getByRole('tab', { name: 'Deficiencies (1)' }).click();
  const deficiency = page.getByRole('listitem').filter({ hasText: 'Pressure gauge not in the operable range' });
  await expect(deficiency).toContainText('Needle in the red zone');
  await expect(deficiency.getByRole('img', { name: /^Photo 1 of/ })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The finished walk reads as a record: each device's result, nothing left to tap.
  await page.goto(walkUrl);
  await expect(page.getByText(/^Finished /)).toBeVisible();
  await expect(row(devices[0]!)).toContainText('Passed');
  await expect(row(devices[0]!)).toContainText('Dry chemical, 5 lb');
  await expect(page.getByRole('button', { name: 'Pass' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Finish walk-through' })).toHaveCount(0);
});
