import { expect, expectAccessible, expectNoSidewaysScroll, mailsTo, test } from './fixtures';

// The confirmation of a request goes to the account's address, confirmed as its owner would.
test.describe('with the address confirmed by its link', () => {
  test.use({ confirmAccountBy: 'link' });

  test('a person sends a support request from the help dialog and follows it in My Requests', async ({ signedInPage: page, account }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Help' }).click();
    const help = page.getByRole('dialog', { name: 'Help & Support' });
    await expect(help.getByRole('tab', { name: 'Contact' })).toHaveAttribute('aria-selected', 'true');
    // Who to answer is filled in from the profile; the operator's address is offered too.
    await expect(help.getByLabel('Reply to email')).toHaveValue(account.email);
    await expect(help.getByLabel('Your name')).toHaveValue(account.fullName);
    await expect(help.getByRole('link', { name: 'support@firemark.example' })).toHaveAttribute('href', 'mailto:support@firemark.example');
    await expectAccessible(page);

    await help.getByRole('button', { name: 'Send Request' }).click();
    await expect(help.getByText('Subject is required')).toBeVisible();
    await expect(help.getByText('Message is required')).toBeVisible();

    await help.getByLabel('Subject', { exact: true }).fill('Reminder e-mails for Harbor View');
    await help.getByLabel('Type', { exact: true }).selectOption('technical');
    await help.getByLabel('Priority', { exact: true }).selectOption('high');
    await help.getByLabel('Message', { exact: true }).fill('The 7-day reminder did not arrive.\nThe inspection is due on Friday.');
    await help.getByRole('button', { name: 'Send Request' }).click();
    // The modal dialog hides the rest of the page from the accessibility tree, so the toast is
    // found by its text (screen readers hear it through the toast's own live announcement).
    await expect(page.getByText('Support request submitted', { exact: true })).toBeVisible();
    await expect(page.getByText("We'll respond within 1 business day. Check your email for confirmation.", { exact: true })).toBeVisible();

    // SPEC: the form resets and the dialog shows the history, with the new request open.
    await expect(help.getByRole('tab', { name: 'My Requests' })).toHaveAttribute('aria-selected', 'true');
    const item = help.getByRole('listitem').filter({ hasText: 'Reminder e-mails for Harbor View' });
    await expect(item).toContainText('Open');
    await expect(item).toContainText('Technical problem');
    await expect(item).toContainText('high priority');
    await expectAccessible(page);
    await help.getByRole('tab', { name: 'Contact' }).click();
    await expect(help.getByLabel('Subject', { exact: true })).toHaveValue('');

    // The confirmation reaches the person, and the support desk hears of it.
    await expect
      .poll(() => mailsTo(account.email).map((m) => m.subject))
      .toContainEqual(expect.stringMatching(/^We received your request #\d+: Reminder e-mails for Harbor View$/));
    await expect
      .poll(() => mailsTo('support@firemark.example').map((m) => m.text).join('\n'))
      .toContain(`account "${account.username}"`);
  });
});

test('with nothing sent yet, My Requests says so; on a phone the dialog fits the screen', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Help' }).click();
  const help = page.getByRole('dialog', { name: 'Help & Support' });
  await expect(help.getByRole('button', { name: 'Send Request' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await help.getByRole('tab', { name: 'My Requests' }).click();
  await expect(help.getByText('No support requests yet')).toBeVisible();
  await expectAccessible(page);
});
