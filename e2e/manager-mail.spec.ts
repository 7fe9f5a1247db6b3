import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, expectToast, mailsTo, test } from './fixtures';

test("a property's manager is invited from the property page and confirms on a page that acts only on a button press", async ({
  signedInPage: page,
  account,
  browser,
}) => {
  test.slow(); // two browsers and a mail round trip
  const manager = `facilities.${account.username}@example.com`;
  const property = await addProperty(page, { name: 'Harbor View Offices', managerEmail: manager });
  await page.goto(`/properties/${property.id}`);
  await expect(page.getByText(/^Not invited yet\./)).toBeVisible();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(page, 'Invitation sent', `${manager} gets an e-mail with a link to confirm.`);
  await expect(page.getByText(/^Invitation sent on \w{3} \d{1,2}, \d{4}, not confirmed yet\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send invitation again' })).toBeDisabled();
  await expect(page.getByText(/^You can send it again on /)).toBeVisible();
  await expectAccessible(page);

  await expect.poll(() => mailsTo(manager).length, { message: 'the invitation arrives' }).toBe(1);
  const invitation = mailsTo(manager)[0]!;
  expect(invitation.subject).toBe('Confirm to receive fire-safety alerts for Harbor View Offices');
  const confirmLink = /http:\/\/127\.0\.0\.1:\d+\/mail\/confirm\?token=[\w-]+/.exec(invitation.text)![0];

  // The manager has no account: a browser of their own, on a phone.
  const visitor = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  await visitor.goto(confirmLink);
  await expect(visitor.getByRole('heading', { name: 'Confirm fire-safety e-mails', level: 1 })).toBeVisible();
  await expect(visitor.getByText(`${account.fullName} (${account.email}) uses Firemark to keep Harbor View Offices fire-safe`)).toBeVisible();
  await expectAccessible(visitor);
  await expectNoSidewaysScroll(visitor);

  // Opening the link (as a mail scanner would) changed nothing.
  await page.reload();
  await expect(page.getByText(/not confirmed yet/)).toBeVisible();

  await visitor.getByRole('button', { name: 'Confirm' }).click();
  await expect(visitor.getByRole('heading', { name: "You're subscribed" })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Receives alerts and reminders')).toBeVisible();

  // The unsubscribe link of the same e-mail, and a change of mind.
  await visitor.goto(confirmLink.replace('/mail/confirm', '/mail/unsubscribe'));
  await expect(visitor.getByRole('heading', { name: "You're subscribed" })).toBeVisible();
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
  await expectAccessible(visitor);
  await page.reload();
  await expect(page.getByText('Unsubscribed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Send invitation/ })).toBeHidden();
  await visitor.getByRole('button', { name: 'Subscribe again' }).click();
  await expect(visitor.getByRole('heading', { name: "You're subscribed" })).toBeVisible();
  await visitor.context().close();
});

test('a made-up or cut-off link says it cannot be used', async ({ page }) => {
  await page.goto('/mail/confirm?token=made-up-token');
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await expect(page.getByText('Open the link from the most recent e-mail you received from Firemark.')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/mail/unsubscribe');
  await expect(page.getByRole('heading', { name: 'This link is incomplete' })).toBeVisible();
});
