import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, expectToast, recordLoadingStates, scheduleInspectionViaApi, test } from './fixtures';

/** A calendar date n days from today (UTC, the suite browser's time zone). */
const day = (n: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** Today a year on, as the screens write dates ("Mar 5, 2027"); a year after Feb 29 is Feb 28. */
const inAYear = () => {
  const d = new Date();
  const next = new Date(Date.UTC(d.getUTCFullYear() + 1, d.getUTCMonth(), 1));
  next.setUTCDate(Math.min(d.getUTCDate(), new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate()));
  return next.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
};

test('schedule from a property, then complete it as compliant: the property turns compliant', async ({ proPage: page }) => {
  const property = await addProperty(page, { name: 'Harbor View Offices' });
  await page.goto(`/properties/${property.id}`);
  await page.getByRole('link', { name: 'Schedule Inspection' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/inspections/new\\?propertyId=${property.id}$`));
  await expect(page.getByLabel('Property')).toBeDisabled();
  await expect(page.getByLabel('Property')).toContainText('Harbor View Offices');
  await expect(page.getByLabel('Due date')).toHaveValue(day(0));
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Schedule Inspection' }).click();
  await expect(page.getByText('Inspection type is required')).toBeVisible();
  await expect(page.getByText('Assignee is required')).toBeVisible();
  await page.getByLabel('Inspection type').selectOption({ label: 'Fire Alarm' });
  // The fire alarm has several checks: the form asks which one, with no default (issue 37),
  // and, as it adds the item, when the others were last done.
  await page.getByLabel('Activity').selectOption({ label: 'Annual test (every year)' });
  await page.getByRole('button', { name: 'None known' }).click();
  await page.getByLabel('Due date').fill(day(20));
  await page.getByLabel('Assigned to').fill('Dana Cole');
  await page.getByLabel('Notes').fill('Panel in the basement');
  await page.getByRole('button', { name: 'Schedule Inspection' }).click();
  await expectToast(page, 'Inspection Scheduled');
  // Scheduled from a property: that property opens, on its inspections.
  await expect(page).toHaveURL(new RegExp(`/properties/${property.id}\\?tab=inspections$`));
  await expect(page.getByRole('tab', { name: 'Inspections' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/inspections');

  const row = page.getByRole('row').filter({ hasText: 'Dana Cole' });
  await expect(row).toContainText('Harbor View Offices');
  await expect(row).toContainText('Scheduled');
  await row.getByRole('button', { name: /^Complete / }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Inspection' });
  await dialog.getByRole('radio', { name: 'Compliant', exact: true }).check();
  await expect(dialog.getByLabel('Performed on')).toHaveValue(day(0));
  await dialog.getByRole('button', { name: 'Complete Inspection' }).click();
  // The toast says when the next one is due: it was scheduled with the completion.
  await expectToast(page, 'Inspection Completed', `Inspection completed and property status updated. Next Annual test due ${inAYear()}: scheduled.`);

  await page.goto(`/properties/${property.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Harbor View Offices');
  await expect(page.getByRole('main').getByText('Compliant', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Last inspected/)).toBeVisible();
});

test('completing as non-compliant needs notes, and the property then needs action', async ({ proPage: page }) => {
  const property = await addProperty(page, { name: 'Beta Clinic' });
  const inspection = await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: day(3), inspectionType: 'sprinkler_system' });
  await page.goto(`/inspections/${inspection.id}`);
  await expect(page.getByRole('heading', { name: 'Inspection Details', level: 1 })).toBeVisible();
  await expect(page.getByText('Due soon').first()).toBeVisible();
  await page.getByRole('button', { name: 'Complete with result' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Inspection' });
  await dialog.getByRole('radio', { name: 'Non-compliant' }).check();
  await expect(dialog.getByText('Required for non-compliance')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Complete Inspection' })).toBeDisabled();
  await dialog.getByLabel('Findings').fill('   ');
  await expect(dialog.getByRole('button', { name: 'Complete Inspection' })).toBeDisabled();
  await dialog.getByLabel('Findings').fill('Valve 3 corroded');
  await dialog.getByRole('button', { name: 'Complete Inspection' }).click();
  await expectToast(page, 'Inspection Completed');
  await expect(page.getByText('Valve 3 corroded')).toBeVisible();

  await page.goto('/properties');
  await expect(page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Beta Clinic' }) })).toContainText('Action Needed');
});

test('reschedule with a reason; days before today cannot be chosen', async ({ proPage: page }) => {
  const property = await addProperty(page);
  const inspection = await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: day(2) });
  await page.goto(`/inspections/${inspection.id}`);
  await page.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule Inspection' });
  await expect(dialog.getByLabel('New date')).toHaveAttribute('min', day(0));
  await dialog.getByLabel('New date').fill(day(-1));
  await dialog.getByLabel('Reason').fill('Tenant away');
  await dialog.getByRole('button', { name: 'Reschedule' }).click();
  await expect(dialog.getByText('Choose today or a later date').first()).toBeVisible();
  await dialog.getByLabel('New date').fill(day(40));
  await dialog.getByRole('button', { name: 'Reschedule' }).click();
  await expectToast(page, 'Inspection Rescheduled');
  await expect(page.getByText('Tenant away')).toBeVisible();
  await expect(page.getByText('Scheduled').first()).toBeVisible();
});

test('quick complete on the details page; edit and delete', async ({ proPage: page }) => {
  const property = await addProperty(page, { name: 'Cedar Court' });
  const first = await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: day(5) });
  await page.goto(`/inspections/${first.id}`);
  await page.getByRole('button', { name: 'Mark as Completed' }).click();
  // Without a result nothing about compliance changes (SPEC 4); the result can be recorded later.
  await expectToast(page, 'Inspection Completed', "Inspection completed. Record its result to update the property's compliance.");
  await expect(page.getByText('Completed').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as Completed' })).toBeHidden();
  await expect(page.getByText('Result not recorded')).toBeVisible();
  await page.getByRole('button', { name: 'Record result' }).click();
  const record = page.getByRole('dialog', { name: 'Record Result' });
  await record.getByRole('radio', { name: 'Compliant', exact: true }).check();
  await record.getByRole('button', { name: 'Record Result' }).click();
  await expectToast(page, 'Result Recorded');
  await expect(page.getByText('Result not recorded')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Record result' })).toBeHidden();

  const second = await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: day(9) });
  await page.goto(`/inspections/${second.id}`);
  await page.getByRole('button', { name: 'Edit Inspection' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Inspection' });
  await edit.getByLabel('Assigned to').fill('');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText('Assignee is required')).toBeVisible();
  await edit.getByLabel('Assigned to').fill('Lee Park');
  await edit.getByLabel('Inspection type').selectOption({ label: 'Emergency Lighting' });
  // A type with several checks asks which one, with no default (issue 37).
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText('Choose which check this inspection is for')).toBeVisible();
  await edit.getByLabel('Activity').selectOption({ label: 'Annual 90-minute test (every year)' });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Inspection Updated');
  await expect(page.getByText('Lee Park')).toBeVisible();
  await expect(page.getByText('Emergency Lighting').first()).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Inspection' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Inspection Deleted');
  await expect(page).toHaveURL(/\/inspections$/);
  await page.goto(`/inspections/${second.id}`);
  await expect(page.getByRole('heading', { name: 'Inspection not found' })).toBeVisible();
});

test('the list filters by status and type; the calendar shows a day\'s inspections', async ({ proPage: page }) => {
  const alpha = await addProperty(page, { name: 'Alpha Tower' });
  const beta = await addProperty(page, { name: 'Beta Clinic' });
  await scheduleInspectionViaApi(page, { propertyId: alpha.id, dueDate: day(-2), assignedTo: 'Overdue Olly' });
  await scheduleInspectionViaApi(page, { propertyId: beta.id, dueDate: day(4), assignedTo: 'Soon Sam', inspectionType: 'fire_alarm' });
  await scheduleInspectionViaApi(page, { propertyId: beta.id, dueDate: day(20), assignedTo: 'Later Lee' });
  await page.goto('/inspections');
  await expect(page.getByRole('heading', { name: '3 inspections' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Overdue Olly' })).toContainText('Overdue');
  await expect(page.getByRole('row').filter({ hasText: 'Soon Sam' })).toContainText('Due soon');
  await expectAccessible(page);

  await page.getByLabel('Status').selectOption({ label: 'Overdue' });
  await expect(page.getByRole('heading', { name: '1 inspection' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Overdue Olly' })).toBeVisible();
  // Back undoes a filter.
  await page.goBack();
  await expect(page.getByLabel('Status')).toHaveValue('open');
  await expect(page.getByRole('heading', { name: '3 inspections' })).toBeVisible();
  await page.getByLabel('Inspection type').selectOption({ label: 'Fire Alarm' });
  await expect(page.getByRole('heading', { name: '1 inspection' })).toBeVisible();
  await page.getByLabel('Inspection type').selectOption({ label: 'All types' });
  await page.getByLabel('Search inspections').fill('later');
  await expect(page.getByRole('heading', { name: '1 inspection' })).toBeVisible();
  await page.getByLabel('Search inspections').fill('');

  await page.getByRole('tab', { name: 'Calendar' }).click();
  const soon = new Date(`${day(4)}T00:00:00Z`);
  if (soon.getUTCMonth() !== new Date().getUTCMonth()) await page.getByRole('button', { name: 'Go to the Next Month' }).click();
  await page.getByRole('button', { name: new RegExp(`${soon.toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' })} ${soon.getUTCDate()}, ${soon.getUTCFullYear()}, 1 inspection`) }).click();
  await expect(page.getByRole('heading', { name: /^Inspections on / })).toBeVisible();
  const selected = page.getByRole('region', { name: /^Inspections on / }).or(page.locator('section', { has: page.getByRole('heading', { name: /^Inspections on / }) }));
  await expect(selected.getByText('Soon Sam').first()).toBeVisible();
  await expect(selected.getByText('Later Lee')).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(page.getByRole('heading', { name: /^Inspections on / })).toBeHidden();
});

test("a first load of either inspections page draws the URL's list with its first screen, asked for once", async ({ proPage: page }) => {
  const alpha = await addProperty(page, { name: 'Alpha Tower' });
  await scheduleInspectionViaApi(page, { propertyId: alpha.id, dueDate: day(3), assignedTo: 'Soon Sam', inspectionType: 'fire_alarm' });
  await scheduleInspectionViaApi(page, { propertyId: alpha.id, dueDate: day(5), assignedTo: 'Later Lee' });
  const loadingSeen = await recordLoadingStates(page);
  let asked: { path: string; params: URLSearchParams }[] = [];
  let scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push({ path: url.pathname, params: url.searchParams });
    // The service worker's own downloads (it keeps every file of the app for offline use, once) are not the page's.
    if (request.resourceType() === 'script' && !request.serviceWorker()) scripts.push(url.pathname);
  });
  // The dialogs and the calendar view (forms, validation, the date picker) load when reached for, not with a list.
  const reachedForCode = () => scripts.filter((path) => /dialog|calendar/.test(path));
  // The lists a page shows 25 rows of at a time (the bell asks for 5 of its own).
  const pageLists = (path: string) => asked.filter((request) => request.path === path && request.params.get('limit') === '25').map(({ params }) => params);

  await page.goto('/inspections?type=fire_alarm&sort=due_desc');
  await expect(page.getByRole('row').filter({ hasText: 'Soon Sam' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Later Lee' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(pageLists('/api/inspections').map((params) => [params.get('type'), params.get('sort'), params.get('status')])).toEqual([['fire_alarm', 'due_desc', 'open']]);
  expect(await loadingSeen()).toContain('Loading Firemark...');
  expect(await loadingSeen()).not.toContain('Loading inspections...');
  expect(reachedForCode()).toEqual([]);

  asked = [];
  scripts = [];
  await page.goto('/inspections/upcoming?q=later');
  await expect(page.getByRole('row').filter({ hasText: 'Later Lee' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Soon Sam' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(pageLists('/api/inspections/upcoming').map((params) => params.get('q'))).toEqual(['later']);
  // The requirements due with nothing scheduled, listed above the rows and filtered alike: asked for once too.
  expect(asked.filter((request) => request.path === '/api/requirements/unscheduled' && request.params.get('limit') === '100').map(({ params }) => params.get('q'))).toEqual(['later']);
  expect(await loadingSeen()).toContain('Loading Firemark...');
  expect(await loadingSeen()).not.toContain('Loading inspections...');
  expect(reachedForCode()).toEqual([]);

  // Reached for, they load and work.
  await page.getByRole('button', { name: /^Reschedule / }).click();
  await expect(page.getByRole('dialog', { name: 'Reschedule Inspection' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /^Reschedule / })).toBeFocused();
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await expect(page.getByRole('grid')).toBeVisible();
});

test('upcoming: Reschedule opens the dialog, whose +14 days counts from the due date', async ({ proPage: page }) => {
  const property = await addProperty(page, { name: 'Depot' });
  await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: day(1), assignedTo: 'Quick Quinn' });
  await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: day(45), assignedTo: 'Far Away' });
  await page.goto('/inspections/upcoming');
  await expect(page.getByRole('heading', { name: 'Upcoming Inspections', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: '1 inspection' })).toBeVisible();
  await expect(page.getByText('Far Away')).toBeHidden();
  await page.getByRole('button', { name: /^Reschedule / }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule Inspection' });
  await dialog.getByRole('button', { name: /^\+14 days/ }).click();
  await expect(dialog.getByLabel('New date')).toHaveValue(day(15));
  await dialog.getByRole('button', { name: 'Reschedule' }).click();
  await expectToast(page, 'Inspection Rescheduled');
  const moved = new Date(`${day(15)}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  await expect(page.getByText(moved).first()).toBeVisible();
  await expectAccessible(page);
});

test('a free account at its one open inspection sees the limit card, and the dashboard lists it', async ({ signedInPage: page }) => {
  const property = await addProperty(page, { name: 'Solo House' });
  await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: day(6), assignedTo: 'Only One' });
  await page.goto('/inspections/new');
  await expect(page.getByText('Free accounts are limited to 1 scheduled inspection at a time')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/billing');

  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'Upcoming Inspections' });
  await expect(panel.getByText('Solo House')).toBeVisible();
  await panel.getByRole('button', { name: /^Complete / }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Inspection' });
  await dialog.getByRole('radio', { name: 'Compliant', exact: true }).check();
  await dialog.getByRole('button', { name: 'Complete Inspection' }).click();
  await expectToast(page, 'Inspection Completed');
  await expect(panel.getByText('No inspections due in the next 30 days.')).toBeVisible();
});

test('on a phone the inspection list is cards and the property tab works', async ({ proPage: page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const property = await addProperty(page, { name: 'Phone Plaza' });
  await scheduleInspectionViaApi(page, { propertyId: property.id, dueDate: day(10), assignedTo: 'Mobile Mo' });
  await page.goto('/inspections');
  await expect(page.getByRole('table')).toBeHidden();
  await expect(page.getByText('Mobile Mo').filter({ visible: true })).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await page.goto(`/properties/${property.id}`);
  await page.getByRole('tab', { name: 'Inspections' }).click();
  await expect(page.getByRole('tabpanel').getByText('Mobile Mo').filter({ visible: true })).toHaveCount(1);
  await expectAccessible(page);
});
