import { wholeOrganization } from '../access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTimeZone } from '@shared/dates';
import { TOTAL_COUNT_HEADER } from '@shared/schemas/list';
import { dashboardStats } from '../modules/dashboard/dashboard.queries';
import { grantPro } from '../modules/subscription/subscription.service';
import { withTransaction } from '../db/transaction';
import { createTestContext, type Agent, type TestContext } from '../testing/test-app';
import { remembered } from './account-cache';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const property = (name: string) => ({
  name,
  propertyType: 'commercial',
  addressLine1: '100 Harbor Way',
  city: 'Seattle',
  state: 'WA',
  zip: '98101',
  managerEmail: 'manager@example.com',
});

const stats = async (agent: Agent) => (await agent.get('/api/dashboard/stats')).json();
const inDays = (days: number) => todayInTimeZone('UTC', new Date(Date.now() + days * 86_400_000));

// Every read below follows a read that could have been remembered; each must show the write before it.
describe('answers remembered per account show the account\'s own writes at once', () => {
  it('dashboard counts after a property is created, an inspection scheduled, completed and deleted', async () => {
    const { agent, user } = await ctx.signedIn({ timeZone: 'UTC' });
    await grantPro(ctx.runtime.db, user.username);
    // The counts as the database has them now, bypassing anything remembered.
    const live = () => dashboardStats(ctx.runtime.db, wholeOrganization(user.id), todayInTimeZone('UTC'));
    let shown = await stats(agent);
    const expectChangedAndLive = async () => {
      const before = shown;
      shown = await stats(agent);
      expect(shown).not.toEqual(before);
      expect(shown).toEqual(await live());
    };

    const created = (await agent.post('/api/properties', property('Harbor View'))).json();
    await expectChangedAndLive();
    expect(shown.propertyCount).toBe(1);

    const schedule = async (inspectionType: string, dueDate: string) => {
      const response = await agent.post('/api/inspections', { propertyId: created.id, inspectionType, dueDate, assignedTo: 'Alex' });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    const overdue = await schedule('fire_alarm', inDays(-3));
    await expectChangedAndLive();
    expect(shown.overdueInspectionCount).toBe(1);
    const soon = await schedule('fire_extinguisher', inDays(10));
    await expectChangedAndLive();

    expect((await agent.put(`/api/inspections/${overdue.id}`, { status: 'completed', complianceStatus: 'compliant' })).statusCode).toBe(200);
    await expectChangedAndLive();
    expect(shown.overdueInspectionCount).toBe(0);

    const upcomingIds = async () => (await agent.get('/api/inspections/upcoming')).json().map((i: { id: number }) => i.id);
    expect(await upcomingIds()).toContain(soon.id);
    expect((await agent.delete(`/api/inspections/${soon.id}`)).statusCode).toBe(200);
    await expectChangedAndLive();
    expect(await upcomingIds()).not.toContain(soon.id);

    expect((await agent.delete(`/api/properties/${created.id}`)).statusCode).toBe(200);
    await expectChangedAndLive();
    expect(shown).toMatchObject({ propertyCount: 0, upcomingInspectionCount: 0, overdueInspectionCount: 0 });
  });

  it('the properties list and its total after an import, and after a rename', async () => {
    const { agent, user } = await ctx.signedIn();
    await grantPro(ctx.runtime.db, user.username);
    await agent.post('/api/properties', property('Alpha'));
    const before = await agent.get('/api/properties?limit=1');
    expect(before.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('1');

    const rows = [property('Bravo'), property('Charlie'), property('Delta')];
    expect((await agent.post('/api/properties/bulk-import', { filename: 'three.csv', properties: rows })).statusCode).toBe(201);
    const after = await agent.get('/api/properties?limit=1');
    expect(after.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('4');
    expect(after.json()).toHaveLength(1);

    const search = async () => (await agent.get('/api/properties?q=zulu')).headers[TOTAL_COUNT_HEADER.toLowerCase()];
    expect(await search()).toBe('0');
    const alpha = (await agent.get('/api/properties?q=alpha')).json()[0];
    const names = async () => (await agent.get('/api/properties?sort=name_asc')).json().map((p: { name: string }) => p.name);
    expect(await names()).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    await agent.put(`/api/properties/${alpha.id}`, { ...property('Zulu') });
    expect(await search()).toBe('1');
    expect(await names()).toEqual(['Bravo', 'Charlie', 'Delta', 'Zulu']);
  });

  it('another instance on the same database shows a write made through the first one', async () => {
    const { agent, user } = await ctx.signedIn();
    await grantPro(ctx.runtime.db, user.username);
    const other = await ctx.anotherInstance();
    try {
      const there = other.agent();
      there.cookie = agent.cookie;
      expect(await stats(there)).toMatchObject({ propertyCount: 0 });
      await agent.post('/api/properties', property('Echo'));
      expect(await stats(there)).toMatchObject({ propertyCount: 1 });
    } finally {
      await other.close();
    }
  });
});

describe('answers read inside a transaction', () => {
  it('are computed each time, though a connection keeps its transaction handle', async () => {
    const account = { id: 987_654, dataVersion: 1 };
    let computed = 0;
    const handles = new Set<object>();
    for (let i = 0; i < 3; i++) {
      await withTransaction(ctx.runtime.pool, async (tx) => {
        handles.add(tx.db);
        await remembered(tx.db, account, 'tx-read', async () => ++computed);
      });
    }
    expect(computed).toBe(3);
    // Outside a transaction the same answer is remembered under its version.
    await remembered(ctx.runtime.db, account, 'tx-read', async () => ++computed);
    await remembered(ctx.runtime.db, account, 'tx-read', async () => ++computed);
    expect(computed).toBe(4);
    // One after another, the transactions ran on one connection and its one handle.
    expect(handles.size).toBe(1);
  });
});
