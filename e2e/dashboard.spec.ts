import { addProperty, expect, expectAccessible, recordLoadingStates, scheduleInspectionViaApi, test } from './fixtures';

test('the free dashboard: counts against the limits, one upgrade prompt, the first property', async ({ signedInPage: page }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Your First Property' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Properties' })).toContainText('0/1');
  await expectAccessible(page);

  const property = await addProperty(page, { name: 'Harbor View Offices' });
  await page.reload();
  await expect(page.getByRole('group', { name: 'Properties' })).toContainText('1/1');
  await expect(page.getByRole('group', { name: 'Compliant' })).toContainText('of 1 properties');
  // The free-plan banner is the screen's one upgrade prompt; the dashboard says which limit was reached.
  await expect(page.getByText("You have reached the free plan's limit of 1 property.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade', exact: true })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Upgrade to Pro' })).toBeHidden();
  await expect(page.getByRole('article', { name: 'Harbor View Offices' })).toBeVisible();
  await expect(page.getByText('Pro', { exact: true })).toBeHidden();

  // The free card counts what the limit counts: the one open inspection, however far away.
  const inSixWeeks = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: inSixWeeks, assignedTo: 'Far Off' });
  await page.reload();
  await expect(page.getByRole('group', { name: 'Upcoming Inspections' })).toContainText('1/1');
});

test('the Pro dashboard: badge, next 30 days, the non-compliant toggle and a working sort', async ({ proPage: page }) => {
  const alpha = await addProperty(page, { name: 'Alpha Tower' });
  await addProperty(page, { name: 'Beta Clinic' });
  await addProperty(page, { name: 'Cedar Court' });
  // One failed inspection makes Alpha non-compliant.
  const { id } = await scheduleInspectionViaApi(page, { propertyId: alpha.id, inspectionType: 'fire_alarm', dueDate: new Date().toISOString().slice(0, 10) });
  await page.request.put(`/api/inspections/${id}`, {
    data: { status: 'completed', complianceStatus: 'non_compliant', notes: 'Panel fault' },
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
  });

  await page.goto('/dashboard');
  await expect(page.getByText('Pro', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Upcoming Inspections' })).toContainText('next 30 days');
  const cards = () => page.getByRole('article').getByRole('heading').allInnerTexts();
  // What needs attention comes first; then Newest is one choice away.
  await expect.poll(async () => (await cards())[0]).toBe('Alpha Tower');
  await page.getByLabel('Sort by').selectOption({ label: 'Newest' });
  await expect.poll(cards).toEqual(['Cedar Court', 'Beta Clinic', 'Alpha Tower']);
  await expect(page).toHaveURL(/sort=created_desc/);

  await page.getByLabel('Sort by').selectOption({ label: 'Name' });
  await expect.poll(cards).toEqual(['Alpha Tower', 'Beta Clinic', 'Cedar Court']);
  await page.getByLabel('Sort by').selectOption({ label: 'Compliance status' });
  await expect.poll(async () => (await cards())[0]).toBe('Alpha Tower');

  await page.getByRole('switch', { name: 'Non-compliant only' }).click();
  await expect.poll(cards).toEqual(['Alpha Tower']);
  await expect(page.getByRole('article', { name: 'Alpha Tower' })).toContainText('Action Needed');
});

test("a signed-in first load fetches the shell's code and the session with the page, and asks for each answer once", async ({ proPage: page }) => {
  await addProperty(page, { name: 'Beta Clinic' });
  await addProperty(page, { name: 'Alpha Tower' });
  const asked: string[] = [];
  let shellAsked = false;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/assets\/app-shell-[\w-]+\.js$/.test(url.pathname)) shellAsked = true;
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
  });
  // The app's scripts are held back until the shell's code and the session have been asked for
  // (or 10 s): only the page itself can have asked for them by then.
  const askedBeforeScript: boolean[] = [];
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    const deadline = Date.now() + 10_000;
    while (!(shellAsked && asked.includes('/api/auth/me')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    askedBeforeScript.push(shellAsked && asked.includes('/api/auth/me'));
    await route.continue();
  });

  await page.goto('/dashboard?sort=name_asc');
  const cards = () => page.getByRole('article').getByRole('heading').allInnerTexts();
  await expect.poll(cards).toEqual(['Alpha Tower', 'Beta Clinic']);
  await expect(page.getByRole('group', { name: 'Compliant' })).toContainText('of 2 properties');
  await page.waitForLoadState('networkidle');

  expect(askedBeforeScript.length).toBeGreaterThan(0);
  expect(askedBeforeScript.every(Boolean)).toBe(true);
  // The app's own request for the session took the preloaded answer.
  expect(asked.filter((url, i) => asked.indexOf(url) !== i)).toEqual([]);
  // The list the URL chose, not the default one.
  expect(asked.filter((url) => url.startsWith('/api/properties?'))).toEqual(['/api/properties?sort=name_asc&limit=6&offset=0']);
});

test('a signed-in first load draws the dashboard once its answers are in, and with its own loading states when one is slow', async ({ proPage: page }) => {
  await addProperty(page, { name: 'Harbor View Offices' });
  const loadingSeen = await recordLoadingStates(page);
  const pageSkeletons = /Loading your numbers|Loading properties|Loading upcoming inspections/;

  // The list answers once the page shows it loading, or after 600 ms: well within the app's wait
  // for a first screen's answers (first-screen.ts), so the page should not show it loading.
  let listShownLoading = false;
  await page.exposeFunction('listShownLoading', () => (listShownLoading = true));
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (![...document.querySelectorAll('[role="status"]')].some((status) => status.textContent?.includes('Loading properties'))) return;
      observer.disconnect();
      void (window as unknown as { listShownLoading: () => void }).listShownLoading();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.route(/\/api\/properties\?/, async (route) => {
    const deadline = Date.now() + 600;
    while (!listShownLoading && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('group', { name: 'Properties' })).toContainText('1');
  await expect(page.getByRole('article', { name: 'Harbor View Offices' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.unrouteAll();
  // The app's loader, then the screen with its numbers: none of the page's skeletons in between.
  expect(await loadingSeen()).toContain('Loading Firemark...');
  expect((await loadingSeen()).filter((text) => pageSkeletons.test(text))).toEqual([]);

  // An answer that does not come: the screen does not wait for it for long, and shows it loading.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/dashboard/stats', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('article', { name: 'Harbor View Offices' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading your numbers...' })).toBeVisible();
  release();
  await expect(page.getByRole('group', { name: 'Properties' })).toContainText('1');
});
