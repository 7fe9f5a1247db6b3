import { addProperty, expect, expectAccessible, expectNoSidewaysScroll, expectToast, newAccountData, scheduleInspectionViaApi, test } from './fixtures';
import { addMember, confirmAddress, grantOrganizationPro, ownOrganizationId } from './support/members';

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('on a phone, an inspector sees only the inspection assigned to them as their home, and completes it', async ({ signedInPage: page, account }) => {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const organizationId = await ownOrganizationId(account.username);
  await grantOrganizationPro(organizationId);
  // The owner's side: two properties, an inspector, and three inspections of which one is theirs.
  const riverside = await addProperty(page, { name: 'Riverside Lofts', addressLine1: '12 River Road', city: 'Salem', state: 'MA', zip: '01970' });
  const maple = await addProperty(page, { name: 'Maple Court', addressLine1: '8 Maple Street' });
  const inspector = await page.request.post('/api/inspectors', { data: { name: 'Ines Duarte', licenceNumber: 'NICET-5521' }, headers: { origin } });
  expect(inspector.status()).toBe(201);
  const inspectorId = ((await inspector.json()) as { id: number }).id;
  await scheduleInspectionViaApi(page, { propertyId: riverside.id, inspectionType: 'fire_alarm', dueDate: today(), assignedTo: 'Ines Duarte', inspectorId });
  await scheduleInspectionViaApi(page, { propertyId: riverside.id, inspectionType: 'fire_extinguisher', dueDate: inDays(3), assignedTo: 'Alex Inspector' });
  await scheduleInspectionViaApi(page, { propertyId: maple.id, inspectionType: 'sprinkler_system', dueDate: inDays(5), assignedTo: 'Alex Inspector' });

  // The inspector has an account of their own and is a member given Riverside Lofts; they sign
  // in on this page (the owner's session is replaced) and work in the owner's organisation.
  const person = { ...newAccountData(), fullName: 'Ines Duarte' };
  expect((await page.request.post('/api/auth/register', { data: person, headers: { origin } })).status()).toBe(201);
  await confirmAddress(person.username);
  await addMember({ organizationId, username: person.username, role: 'inspector', propertyIds: [riverside.id], inspectorId });
  expect((await page.request.post('/api/auth/login', { data: { username: person.username, password: person.password }, headers: { origin } })).status()).toBe(200);
  expect((await page.request.post(`/api/organizations/${organizationId}/switch`, { headers: { origin } })).status()).toBe(200);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'My inspections', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/my-inspections$/);
  const list = page.getByRole('list', { name: 'My inspections' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const card = list.getByRole('listitem', { name: 'Fire Alarm' });
  await expect(card).toContainText('Riverside Lofts');
  await expect(card).toContainText('12 River Road');
  await expect(page.getByText('Maple Court')).toHaveCount(0);
  await expect(page.getByText('Fire Extinguishers')).toHaveCount(0);
  // Their home is in the tab bar; nothing there that an inspector cannot do.
  await expect(page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'My inspections' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // A big Complete button opens the Complete Inspection form.
  const complete = card.getByRole('button', { name: /^Complete Fire Alarm at Riverside Lofts/ });
  const box = await complete.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await complete.click();
  const dialog = page.getByRole('dialog', { name: 'Complete Inspection' });
  await dialog.getByRole('radio', { name: 'Compliant', exact: true }).check();
  await dialog.getByRole('radio', { name: 'I performed this inspection.' }).check();
  await dialog.getByLabel('Your full name').fill('Ines Duarte');
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Complete Inspection' }).click();
  await expectToast(page, 'Inspection Completed');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'No inspections assigned to you.' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
