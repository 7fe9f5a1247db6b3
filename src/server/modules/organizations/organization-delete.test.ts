import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@shared/api-error';
import { CONFIRM_ORGANIZATION_NAME } from '@shared/schemas/organization';
import type { Account } from '../../account';
import { createProperty } from '../../db/seed/properties';
import { AppError } from '../../errors';
import { filesystemFileStore } from '../../files/file-store';
import { createTestContext, type Agent, type TestContext } from '../../testing/test-app';
import { addMember, organizationOf, proOwner } from '../../testing/team';
import type { BillingProvider } from '../billing/billing-provider';
import { createBillingProvider } from '../billing/create-billing-provider';
import { BILLING_NOT_ENDED } from '../billing/end-billing';
import { deleteOrphanFiles } from '../housekeeping/orphan-files';
import { deleteOrganization, type OrganizationsDeps } from './organizations.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const CURRENT = '/api/organizations/current';
const remove = (agent: Agent, name: unknown) => agent.request({ method: 'DELETE', url: CURRENT, payload: name === undefined ? {} : { name } });

/** Rows the organisation owns, counted in a few of its tables. */
async function rowsOf(organizationId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['organizations', 'memberships', 'invitations', 'properties', 'inspections', 'reports', 'share_links', 'api_tokens', 'history_events']) {
    const column = table === 'organizations' ? 'id' : 'organization_id';
    const { rows } = await ctx.runtime.pool.query(`select count(*)::int as n from ${table} where ${column} = $1`, [organizationId]);
    counts[table] = rows[0].n;
  }
  return counts;
}

/** A Pro organisation with a property, an inspection, a report, a share link, an API token and a pending invitation. */
async function busyOrganization(name: string) {
  const owner = await proOwner(ctx, { fullName: `${name} Owner` });
  expect((await owner.agent.put(CURRENT, { name, timeZone: 'America/New_York' })).statusCode).toBe(200);
  const created = await owner.agent.post('/api/properties', { name: `${name} Tower`, addressLine1: '1 Main St', city: 'Salem', state: 'MA', zip: '01970', managerEmail: 'manager@example.com' });
  expect(created.statusCode, created.body).toBe(201);
  const property = created.json() as { id: number };
  const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const scheduled = await owner.agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_alarm', dueDate: due, assignedTo: 'Kim Lee' });
  expect(scheduled.statusCode, scheduled.body).toBe(201);
  const report = await owner.agent.post('/api/reports', { propertyId: property.id, reportType: 'fire_safety' });
  expect(report.statusCode, report.body).toBe(201);
  const link = await owner.agent.post(`/api/properties/${property.id}/share-links`, { recipient: 'Salem Fire Marshal' });
  expect(link.statusCode, link.body).toBe(201);
  const token = await owner.agent.post('/api/tokens', { name: 'Spreadsheet sync', access: 'read' });
  expect(token.statusCode, token.body).toBe(201);
  const invited = await owner.agent.post(`${CURRENT}/invitations`, { email: `${name.toLowerCase().replace(/\W/g, '')}.later@example.com`, role: 'viewer', propertyIds: null });
  expect(invited.statusCode, invited.body).toBe(201);
  return {
    ...owner,
    property,
    shareToken: (link.json() as { url: string }).url.split('/share/')[1]!,
    apiToken: (token.json() as { token: string }).token,
  };
}

describe('deleting an organisation', () => {
  it('removes everything it owns, leaves other organisations alone, and ends its links and tokens at once', async () => {
    const doomed = await busyOrganization('Harbor Holdings');
    const other = await busyOrganization('Inland Estates');
    const before = await rowsOf(doomed.organization.id);
    for (const table of Object.keys(before)) expect(before[table], table).toBeGreaterThan(0);
    const otherBefore = await rowsOf(other.organization.id);
    const { rows: files } = await ctx.runtime.pool.query('select storage_key from reports where organization_id = $1', [doomed.organization.id]);
    const reportFiles = filesystemFileStore(ctx.config.dataDir, 'reports');
    expect(await reportFiles.get(files[0].storage_key)).toBeDefined();

    const response = await remove(doomed.agent, ' Harbor Holdings ');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });

    expect(Object.values(await rowsOf(doomed.organization.id)).every((n) => n === 0)).toBe(true);
    expect(await rowsOf(other.organization.id)).toEqual(otherBefore);
    // The share link and the API token stop at once.
    expect((await ctx.agent().get(`/api/share/${doomed.shareToken}`)).statusCode).toBe(404);
    const byToken = await ctx.agent().request({ method: 'GET', url: '/api/properties', headers: { authorization: `Bearer ${doomed.apiToken}` } });
    expect(byToken.statusCode).toBe(401);
    // The other organisation's still work.
    expect((await ctx.agent().get(`/api/share/${other.shareToken}`)).statusCode).toBe(200);
    // The report's bytes go with the daily sweep of files whose row is gone.
    await deleteOrphanFiles(ctx.runtime.db, reportFiles, new Date(Date.now() + 2 * 86_400_000));
    expect(await reportFiles.get(files[0].storage_key)).toBeUndefined();
    // The owner, in no organisation now, is told so and may create one.
    expect((await doomed.agent.get('/api/auth/me')).json().organization).toBeNull();
    expect((await doomed.agent.get('/api/properties')).statusCode).toBe(403);
    expect((await doomed.agent.post('/api/organizations', { name: 'Fresh Start' })).statusCode).toBe(201);
  });

  it('needs the name typed exactly', async () => {
    const owner = await proOwner(ctx);
    const { name } = await organizationOf(owner.agent);
    for (const typed of [undefined, '', '   ', name.toUpperCase(), `${name}!`]) {
      const refused = await remove(owner.agent, typed);
      expect(refused.statusCode, String(typed)).toBe(400);
      expect(refused.json().fieldErrors).toEqual({ name: [CONFIRM_ORGANIZATION_NAME] });
    }
    expect((await rowsOf(owner.organization.id)).organizations).toBe(1);
  });

  it('is for owners only; admins and managers are refused and another organisation cannot reach it', async () => {
    const owner = await proOwner(ctx);
    const { name } = await organizationOf(owner.agent);
    for (const role of ['admin', 'manager', 'inspector', 'viewer']) {
      const member = await addMember(ctx, owner.agent, { role, propertyIds: null });
      const refused = await remove(member.agent, name);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json().message).toContain('Only owners can do this');
    }
    // An outsider acts on their own organisation: the name of another is simply not theirs.
    const outsider = await proOwner(ctx, { fullName: 'Otto Outsider' });
    expect((await remove(outsider.agent, name)).statusCode).toBe(400);
    expect((await rowsOf(outsider.organization.id)).organizations).toBe(1);
    expect((await ctx.agent().request({ method: 'DELETE', url: CURRENT, payload: { name } })).statusCode).toBe(401);
    expect((await rowsOf(owner.organization.id)).organizations).toBe(1);
    // A second owner may.
    const second = await addMember(ctx, owner.agent, { role: 'owner', propertyIds: null });
    expect((await remove(second.agent, name)).statusCode).toBe(200);
  });

  it("moves its members' sessions to their next organisation, on every instance", async () => {
    const owner = await proOwner(ctx);
    const { name } = await organizationOf(owner.agent);
    const property = await createProperty(ctx.runtime.db, owner.organization.id, { name: 'Doomed Plaza' });
    const manager = await addMember(ctx, owner.agent, { role: 'manager', propertyIds: null }, { fullName: 'Max Manager' });
    const own = (await manager.agent.get('/api/organizations')).json() as { id: number; current: boolean }[];
    const home = own.find((o) => o.id !== owner.organization.id)!;
    expect((await manager.agent.post(`/api/organizations/${owner.organization.id}/switch`)).statusCode).toBe(200);
    // Both instances remember the manager's session acting on the organisation about to go.
    const instance = await ctx.anotherInstance();
    try {
      const elsewhere = instance.agent();
      elsewhere.cookie = manager.agent.cookie;
      expect((await manager.agent.get(`/api/properties/${property.id}`)).statusCode).toBe(200);
      expect((await elsewhere.get(`/api/properties/${property.id}`)).statusCode).toBe(200);

      expect((await remove(owner.agent, name)).statusCode).toBe(200);

      for (const agent of [manager.agent, elsewhere]) {
        expect((await agent.get(`/api/properties/${property.id}`)).statusCode).toBe(404);
        expect(await organizationOf(agent)).toMatchObject({ id: home.id, role: 'owner' });
        expect(((await agent.get('/api/organizations')).json() as { id: number }[]).map((o) => o.id)).toEqual([home.id]);
      }
    } finally {
      await instance.close();
    }
  });

  it('cancels a running subscription at once through the provider, before anything is deleted', async () => {
    const signed = await ctx.signedIn({ fullName: 'Paula Payer' });
    const { id, name } = await organizationOf(signed.agent);
    const created = await signed.agent.post('/api/create-subscription', {});
    expect(created.statusCode, created.body).toBe(200);
    const paid = await signed.agent.post('/api/billing/test/confirm-payment', {
      clientSecret: created.json().clientSecret,
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await organizationOf(signed.agent)).plan).toBe('pro');

    const real = createBillingProvider({ config: ctx.config, db: ctx.runtime.db, pool: ctx.runtime.pool, boss: ctx.runtime.boss });
    const calls: { organizationId: number; immediate: boolean; organizationStillThere: boolean; status: string }[] = [];
    const watching: BillingProvider = {
      ...real,
      async cancelSubscription(customer, immediate, now) {
        const answer = await real.cancelSubscription(customer, immediate, now);
        const { rows } = await ctx.runtime.pool.query('select status from billing_subscriptions where organization_id = $1', [customer.id]);
        calls.push({ organizationId: customer.id, immediate, organizationStillThere: (await rowsOf(customer.id)).organizations === 1, status: rows[0].status });
        return answer;
      },
    };
    const result = await deleteOrganization(serviceDeps(watching), { id } as Account, { name });
    expect(result).toEqual({ subscriptionCancelled: true, memberCount: 1 });
    expect(calls).toEqual([{ organizationId: id, immediate: true, organizationStillThere: true, status: 'canceled' }]);
    expect((await rowsOf(id)).organizations).toBe(0);
  });

  it('of a Pro organisation over the API: the test-mode subscription is cancelled and the organisation deleted', async () => {
    const signed = await ctx.signedIn();
    const { id, name } = await organizationOf(signed.agent);
    const created = await signed.agent.post('/api/create-subscription', {});
    await signed.agent.post('/api/billing/test/confirm-payment', { clientSecret: created.json().clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
    expect((await organizationOf(signed.agent)).plan).toBe('pro');
    expect((await remove(signed.agent, name)).statusCode).toBe(200);
    expect((await rowsOf(id)).organizations).toBe(0);
  });

  it('deletes nothing when the subscription cannot be cancelled (the payment provider is down), and says what to do', async () => {
    const owner = await proOwner(ctx);
    const { name } = await organizationOf(owner.agent);
    await createProperty(ctx.runtime.db, owner.organization.id);
    const before = await rowsOf(owner.organization.id);
    const down: BillingProvider = {
      ...createBillingProvider({ config: ctx.config, db: ctx.runtime.db, pool: ctx.runtime.pool, boss: ctx.runtime.boss }),
      cancelSubscription: () => Promise.reject(new AppError(ERROR_CODES.unavailable, 'Billing is unavailable right now')),
    };
    const failed = deleteOrganization(serviceDeps(down), { id: owner.organization.id } as Account, { name });
    await expect(failed).rejects.toMatchObject({ statusCode: 503, message: BILLING_NOT_ENDED });
    expect(await rowsOf(owner.organization.id)).toEqual(before);

    // "No active subscription" is nothing to cancel.
    const none: BillingProvider = { ...down, cancelSubscription: () => Promise.reject(new AppError(ERROR_CODES.notFound, 'No active subscription')) };
    await expect(deleteOrganization(serviceDeps(none), { id: owner.organization.id } as Account, { name })).resolves.toMatchObject({ subscriptionCancelled: false });
    expect((await rowsOf(owner.organization.id)).organizations).toBe(0);
  });

  it('leaves its invitation links saying plainly that they are not valid', async () => {
    const owner = await proOwner(ctx);
    const { name } = await organizationOf(owner.agent);
    const signed = await ctx.signedIn();
    expect((await owner.agent.post(`${CURRENT}/invitations`, { email: signed.user.email, role: 'viewer', propertyIds: null })).statusCode).toBe(201);
    const { rows } = await ctx.runtime.pool.query(
      "select text_body, status from email_outbox where kind = 'member_invitation' and lower(to_address) = lower($1)",
      [signed.user.email],
    );
    const token = /\/invitations\/([\w-]+)/.exec(rows[0].text_body)![1]!;
    expect((await remove(owner.agent, name)).statusCode).toBe(200);
    const opened = await signed.agent.get(`/api/invitations/${token}`);
    expect(opened.statusCode).toBe(404);
    expect(opened.json().message).toMatch(/^This invitation link is not valid/);
    expect((await signed.agent.post(`/api/invitations/${token}/accept`)).statusCode).toBe(404);
    // Its mail, not yet delivered, is not sent: it would only point at what is gone.
    const { rows: after } = await ctx.runtime.pool.query(
      "select status, last_error from email_outbox where kind = 'member_invitation' and lower(to_address) = lower($1)",
      [signed.user.email],
    );
    expect(after).toEqual([{ status: 'suppressed', last_error: 'Not sent: its organisation was deleted.' }]);
  });
});

function serviceDeps(billing: BillingProvider): OrganizationsDeps {
  return { db: ctx.runtime.db, pool: ctx.runtime.pool, sessions: undefined as never, billing };
}
