import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, expectToast, mailsTo, newAccountData, test } from './fixtures';

/** The link of the newest invitation e-mail to an address, once it has arrived. */
async function invitationLink(address: string): Promise<string> {
  const link = () =>
    mailsTo(address)
      .filter((m) => m.subject.includes('invited you to join'))
      .map((m) => /http:\/\/\S+\/invitations\/[\w-]+/.exec(m.text)?.[0])
      .at(-1);
  await expect.poll(link, { message: 'the invitation e-mail arrives', timeout: 15_000 }).toBeTruthy();
  return link()!;
}

test('an owner invites a manager for one property; the invitee signs up through the link and sees only that property', async ({ proPage: page, browser }) => {
  test.slow();
  await addProperty(page, { name: 'North Tower' });
  await addProperty(page, { name: 'South Tower', addressLine1: '200 Harbor Way' });
  const invitee = newAccountData();

  await page.goto('/settings#members');
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('list', { name: 'Members' })).toBeVisible();
  await expect(members.getByText('No invitations waiting.', { exact: false })).toBeVisible();
  await expectAccessible(page);

  await members.getByRole('button', { name: 'Invite Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('E-mail address').fill(invitee.email);
  await expect(dialog.getByLabel('Role')).toHaveValue('manager');
  await dialog.getByLabel('Only the properties chosen below').check();
  // Nothing ticked yet: the form says what is missing.
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog.getByText('Choose at least one property, or All properties')).toBeVisible();
  await dialog.getByLabel('North Tower').check();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expectToast(page, 'Invitation sent', `${invitee.email} has a link to join, valid for 7 days.`);
  const waiting = members.getByRole('list', { name: 'Invitations waiting' });
  await expect(waiting.getByText(invitee.email)).toBeVisible();
  await expect(waiting.getByText('Manager · North Tower')).toBeVisible();

  const link = await invitationLink(invitee.email);
  const mail = mailsTo(invitee.email).at(-1)!;
  expect(mail.text).toContain('as a Manager, with one of its properties');
  expect(mail.text).toContain('valid for 7 days');

  // The invitee, in a browser of their own, with no account yet, on a phone.
  const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const phone = await elsewhere.newPage();
    await phone.setViewportSize({ width: 375, height: 812 });
    await phone.goto(link);
    await expect(phone.getByRole('heading', { level: 1, name: /^Join / })).toBeVisible();
    await expect(phone.getByText('invited you to join', { exact: false })).toBeVisible();
    await expect(phone.getByText('Manager', { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(phone);
    await expectAccessible(phone);

    await phone.getByRole('link', { name: 'Create an Account' }).click();
    await phone.getByLabel('Full name').fill(invitee.fullName);
    await phone.getByLabel('Email').fill(invitee.email);
    await phone.getByLabel('Username').fill(invitee.username);
    await phone.getByLabel('Password').fill(invitee.password);
    await phone.getByRole('button', { name: 'Create Account' }).click();

    // Back on the invitation, signed in: one click joins.
    await expect(phone).toHaveURL(/\/invitations\//);
    await expect(phone.getByText(`You are signed in as ${invitee.email}.`)).toBeVisible();
    await phone.getByRole('button', { name: /^Join / }).click();
    await expect(phone).toHaveURL(/\/dashboard$/);
    await expect(phone.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // Joining through the mailed link confirmed the address: no confirmation banner.
    await expect(phone.getByRole('region', { name: 'E-mail confirmation' })).toHaveCount(0);
    await expect(phone.getByText('South Tower')).toHaveCount(0);

    await phone.goto('/properties');
    await expect(phone.getByText('North Tower').first()).toBeVisible();
    await expect(phone.getByText('South Tower')).toHaveCount(0);
  } finally {
    await elsewhere.close();
  }

  // The owner sees the new member with the one property, and no invitation waiting.
  await page.reload();
  await expect(members.getByRole('list', { name: 'Members' }).getByText(invitee.email)).toBeVisible();
  await expect(members.getByRole('list', { name: 'Members' }).getByText('Manager · North Tower')).toBeVisible();
  await expect(members.getByText('No invitations waiting.', { exact: false })).toBeVisible();
});

test('a link opened by another account is refused with a clear message, and a revoked link says it was withdrawn', async ({ proPage: page, browser }) => {
  test.slow();
  const invited = newAccountData();
  await page.goto('/settings#members');
  const members = page.getByRole('region', { name: 'Members' });
  await members.getByRole('button', { name: 'Invite Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('E-mail address').fill(invited.email);
  await dialog.getByLabel('Role').selectOption('viewer');
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expectToast(page, 'Invitation sent', `${invited.email} has a link to join, valid for 7 days.`);
  const link = await invitationLink(invited.email);

  // Someone else, signed in to an account of their own, opens the link.
  const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const other = await elsewhere.newPage();
    const someoneElse = newAccountData();
    const origin = new URL(test.info().project.use.baseURL!).origin;
    expect((await other.request.post('/api/auth/register', { data: someoneElse, headers: { origin } })).status()).toBe(201);
    await other.goto(link);
    await other.getByRole('button', { name: /^Join / }).click();
    await expect(other.getByText('This invitation was sent to another e-mail address. Sign in with that address, or ask for a new invitation.')).toBeVisible();

    // The owner withdraws it; the page now says so.
    await page.setViewportSize({ width: 375, height: 812 });
    const waiting = members.getByRole('list', { name: 'Invitations waiting' });
    await waiting.getByRole('button', { name: `Revoke the invitation to ${invited.email}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke Invitation' }).click();
    await expectToast(page, 'Invitation revoked', `The link sent to ${invited.email} no longer works.`);
    await expect(members.getByText('No invitations waiting.', { exact: false })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await other.goto(link);
    await expect(other.getByRole('heading', { level: 1, name: 'Invitation Withdrawn' })).toBeVisible();
    await expect(other.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  } finally {
    await elsewhere.close();
  }
});
