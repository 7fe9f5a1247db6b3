import { readFile } from 'node:fs/promises';
import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, expectToast, test } from './fixtures';

test('anyone holding a report checks it on its verify page; a changed copy does not match; the owner revokes the link', async ({ proPage: page, browser }) => {
  await addProperty(page, { name: 'Harbor View Offices' });
  await page.goto('/reports');
  const panel = page.getByRole('region', { name: 'Generate New Report' });
  await panel.getByLabel('Property').selectOption({ label: 'Harbor View Offices' });
  await panel.getByRole('button', { name: 'Generate Report' }).click();
  await expectToast(page, 'Report Generated', 'Fire safety compliance report has been generated successfully');

  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: /^Download PDF firemark-harbor-view-offices-/ }).click()]);
  const pdfPath = await download.path();
  const pdf = await readFile(pdfPath);

  // The list names the report by its number and links to its public page.
  const row = page.getByRole('table', { name: 'Reports across your properties' }).getByRole('row').nth(1);
  await expect(row).toContainText(/FM-\d{4}-\d{6}/);
  const reportNumber = (await row.textContent())!.match(/FM-\d{4}-\d{6}/)![0];
  const verifyPath = await row.getByRole('link', { name: `Verify page of report ${reportNumber}` }).getAttribute('href');
  expect(verifyPath).toMatch(/^\/verify\/[A-Za-z0-9_-]{22}$/);

  // Someone without an account opens the link.
  const stranger = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const outside = await stranger.newPage();
  await outside.goto(verifyPath!);
  await expect(outside.getByRole('heading', { name: `Report ${reportNumber}`, level: 1 })).toBeVisible();
  await expect(outside.getByText('This report number and link are genuine.')).toBeVisible();
  await expect(outside.getByText('Harbor View Offices,')).toBeVisible();
  await expect(outside.getByTestId('report-sha256')).toHaveText(/^[0-9a-f]{64}$/);
  await expectAccessible(outside);

  // The downloaded PDF, chosen from the device: it matches.
  await outside.getByLabel('Choose a PDF file').setInputFiles(pdfPath);
  await expect(outside.getByText(/matches\. It is the PDF this report was issued as, unchanged\./)).toBeVisible();

  // A copy with one byte changed, dropped on the page: it does not.
  const changed = Buffer.from(pdf);
  const middle = Math.floor(changed.length / 2);
  changed[middle] = changed[middle]! ^ 1;
  const dataTransfer = await outside.evaluateHandle((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], 'changed.pdf', { type: 'application/pdf' }));
    return transfer;
  }, Array.from(changed));
  await outside.getByTestId('pdf-drop-zone').dispatchEvent('drop', { dataTransfer });
  await expect(outside.getByText('changed.pdf does not match.')).toBeVisible();
  await expect(outside.getByText(/matches\. It is the PDF/)).toBeHidden();

  // The QR code on the printed report is scanned with a phone: the page fits its screen.
  const phone = await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, baseURL: test.info().project.use.baseURL });
  const onPhone = await phone.newPage();
  await onPhone.goto(verifyPath!);
  await expect(onPhone.getByRole('heading', { name: `Report ${reportNumber}`, level: 1 })).toBeVisible();
  await expect(onPhone.getByText('This report number and link are genuine.')).toBeVisible();
  await expect(onPhone.getByTestId('report-sha256')).toBeInViewport({ ratio: 1 });
  await expect(onPhone.getByLabel('Choose a PDF file')).toBeAttached();
  await expectNoSidewaysScroll(onPhone);
  await expectAccessible(onPhone);
  await phone.close();

  // The owner revokes the link from the Reports page.
  await row.getByRole('button', { name: `Revoke link of report ${reportNumber}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke link' }).click();
  await expectToast(page, 'Verification link revoked');
  await expect(row.getByText('Link revoked')).toBeVisible();

  await outside.reload();
  await expect(outside.getByText("This verification link was revoked by the report's owner.")).toBeVisible();
  await expect(outside.getByText('Harbor View Offices')).toBeHidden();
  await expect(outside.getByText(reportNumber)).toBeHidden();
  await stranger.close();
});
