import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { webhookEndpoints } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';
import { deliverDue, FAILING_AFTER, MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from './deliver';
import { emitOverdueEvents } from './overdue';
import { startReceiver } from './test-receiver';
import * as q from './webhooks.queries';

let ctx: TestContext;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const local = { allowPrivateAddresses: true };
beforeAll(async () => {
  ctx = await createTestContext({}, { webhookNetwork: local });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await ctx.close();
});

/** The recipe of docs/webhooks.md, word for word. */
function verifyFiremarkSignature(secret: string, header: string, rawBody: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((kv) => kv.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest('hex');
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === 32 && timingSafeEqual(given, Buffer.from(expected, 'hex'));
}

async function accountWithEndpoint(events = ['inspection.completed']) {
  const session = await ctx.signedIn({ timeZone: 'UTC' });
  await grantPro(ctx.runtime.db, session.user.username);
  const endpoint = (await session.agent.post('/api/webhooks', { url: receiver.url, events })).json();
  return { ...session, endpoint };
}

describe('a completed inspection', () => {
  it('reaches the receiver as inspection.completed, signed as documented', async () => {
    receiver.state.status = 200;
    const s = await accountWithEndpoint();
    const property = await createProperty(ctx.runtime.db, s.user.id, { name: 'Harbor View' });
    const today = new Date().toISOString().slice(0, 10);
    const scheduled = await s.agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_alarm', dueDate: today, assignedTo: 'Dana Cole' });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const inspection = scheduled.json();
    expect((await s.agent.put(`/api/inspections/${inspection.id}`, { status: 'completed', complianceStatus: 'compliant' })).statusCode).toBe(200);

    const before = receiver.received.length;
    await deliverDue({ pool: ctx.runtime.pool, network: local });
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const { headers, body } = got[0]!;
    expect(headers['firemark-event']).toBe('inspection.completed');
    expect(verifyFiremarkSignature(s.endpoint.secret, headers['firemark-signature'] as string, body)).toBe(true);
    expect(verifyFiremarkSignature('whsec_wrong', headers['firemark-signature'] as string, body)).toBe(false);
    const event = JSON.parse(body);
    expect(event).toMatchObject({ type: 'inspection.completed', id: headers['firemark-delivery'], data: { id: inspection.id, status: 'completed', complianceResult: 'compliant' } });

    const deliveries = (await s.agent.get(`/api/webhooks/${s.endpoint.id}/deliveries`)).json();
    expect(deliveries[0]).toMatchObject({ eventType: 'inspection.completed', status: 'delivered', lastStatusCode: 200, attempts: 1 });
  });
});

describe('the test button', () => {
  it('sends a signed ping and lists it', async () => {
    receiver.state.status = 204;
    const s = await accountWithEndpoint();
    const res = await s.agent.post(`/api/webhooks/${s.endpoint.id}/test`);
    expect(res.json()).toMatchObject({ eventType: 'ping', status: 'delivered', lastStatusCode: 204 });
    const last = receiver.received.at(-1)!;
    expect(verifyFiremarkSignature(s.endpoint.secret, last.headers['firemark-signature'] as string, last.body)).toBe(true);
  });
});

describe('at delivery time', () => {
  it.each(['https://127.0.0.1:9/hook', 'https://10.0.0.1/hook'])('refuses %s without calling it, and says why', async (url) => {
    const s = await ctx.signedIn();
    const { id } = (await s.agent.post('/api/webhooks', { url: 'https://93.184.215.14/hook', events: ['inspection.completed'] })).json();
    // The address changed after registration (as a DNS answer can): the delivery checks again.
    await ctx.runtime.db.update(webhookEndpoints).set({ url }).where(eq(webhookEndpoints.id, id));
    const { emitWebhookEvent } = await import('./emit');
    await emitWebhookEvent({ db: ctx.runtime.db }, s.user.id, 'inspection.completed', { id: 1 });
    // Without the test-only allowance: the rules production runs with.
    await deliverDue({ pool: ctx.runtime.pool });
    const deliveries = (await s.agent.get(`/api/webhooks/${id}/deliveries`)).json();
    const event = deliveries.find((d: { eventType: string }) => d.eventType === 'inspection.completed');
    expect(event).toMatchObject({ status: 'pending', lastStatusCode: null, attempts: 1 });
    expect(event.lastError).toMatch(/^Refused: .*private or reserved address/);
    // Later sweeps in this file allow local addresses; this endpoint must not be called by them.
    expect((await s.agent.delete(`/api/webhooks/${id}`)).statusCode).toBe(204);
  });
});

describe('an endpoint that keeps failing', () => {
  it('is retried on the schedule, then the delivery fails and the endpoint shows as failing; a 2xx clears it', async () => {
    receiver.state.status = 503;
    const s = await accountWithEndpoint(['deficiency.opened']);
    const { emitWebhookEvent } = await import('./emit');
    let now = new Date('2030-01-01T00:00:00Z');
    await emitWebhookEvent({ db: ctx.runtime.db }, s.user.id, 'deficiency.opened', { id: 7 }, now);
    const before = receiver.received.length;
    const deliveries = async () => (await s.agent.get(`/api/webhooks/${s.endpoint.id}/deliveries`)).json();

    await deliverDue({ pool: ctx.runtime.pool, network: local }, now);
    expect((await deliveries())[0]).toMatchObject({ attempts: 1, status: 'pending', lastStatusCode: 503, lastError: 'HTTP 503: receiver is down for maintenance' });
    // Not due again until its delay has passed.
    await deliverDue({ pool: ctx.runtime.pool, network: local }, new Date(now.getTime() + 1000));
    expect(receiver.received.length - before).toBe(1);

    for (const delay of RETRY_DELAYS_SECONDS) {
      now = new Date(now.getTime() + delay * 1000);
      await deliverDue({ pool: ctx.runtime.pool, network: local }, now);
    }
    expect(receiver.received.length - before).toBe(MAX_ATTEMPTS);
    expect((await deliveries())[0]).toMatchObject({ attempts: MAX_ATTEMPTS, status: 'failed', nextAttemptAt: null });
    const [endpoint] = (await s.agent.get('/api/webhooks')).json();
    expect(endpoint.consecutiveFailures).toBe(MAX_ATTEMPTS);
    expect(endpoint.failingSince).not.toBeNull();
    expect(MAX_ATTEMPTS).toBeGreaterThanOrEqual(FAILING_AFTER);

    receiver.state.status = 200;
    await s.agent.post(`/api/webhooks/${s.endpoint.id}/test`);
    expect((await s.agent.get('/api/webhooks')).json()[0]).toMatchObject({ failingSince: null, consecutiveFailures: 0 });
  });
});

describe('an inspection past its due date', () => {
  it('is announced as inspection.overdue once', async () => {
    receiver.state.status = 200;
    const s = await accountWithEndpoint(['inspection.overdue']);
    const property = await createProperty(ctx.runtime.db, s.user.id, { name: 'Dock Street' });
    const today = new Date().toISOString().slice(0, 10);
    const inspection = (await s.agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'sprinkler_system', dueDate: today, assignedTo: 'Dana Cole' })).json();
    const dayAfter = new Date(Date.now() + 36 * 3600 * 1000);

    expect(await emitOverdueEvents(ctx.runtime.pool, ctx.runtime.db, new Date())).toBe(0);
    expect(await emitOverdueEvents(ctx.runtime.pool, ctx.runtime.db, dayAfter), JSON.stringify(inspection)).toBe(1);
    expect(await emitOverdueEvents(ctx.runtime.pool, ctx.runtime.db, dayAfter)).toBe(0);
    const before = receiver.received.length;
    await deliverDue({ pool: ctx.runtime.pool, network: local }, dayAfter);
    const got = receiver.received.slice(before);
    expect(got.map((r) => r.headers['firemark-event'])).toEqual(['inspection.overdue']);
    expect(JSON.parse(got[0]!.body).data).toMatchObject({ id: inspection.id, dueDate: today });
  });
});

describe('deficiencies recorded with a completion', () => {
  it('are each announced as deficiency.opened, beside the inspection.completed of the same change', async () => {
    receiver.state.status = 200;
    const s = await accountWithEndpoint(['inspection.completed', 'deficiency.opened']);
    const property = await createProperty(ctx.runtime.db, s.user.id, { name: 'Mill Lane' });
    const today = new Date().toISOString().slice(0, 10);
    const inspection = (await s.agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_alarm', dueDate: today, assignedTo: 'Kim Lee' })).json();
    const completed = await s.agent.put(`/api/inspections/${inspection.id}`, {
      status: 'completed',
      complianceStatus: 'non_compliant',
      notes: 'Two findings',
      deficiencies: [
        { description: 'Main control valve closed', severity: 'critical' },
        { description: 'Two heads painted over', severity: 'non_critical' },
      ],
    });
    expect(completed.statusCode).toBe(200);
    const before = receiver.received.length;
    await deliverDue({ pool: ctx.runtime.pool, network: local });
    const events = receiver.received.slice(before).map((r) => JSON.parse(r.body));
    expect(events.map((e) => e.type).sort()).toEqual(['deficiency.opened', 'deficiency.opened', 'inspection.completed']);
    const opened = events.filter((e) => e.type === 'deficiency.opened');
    expect(opened.map((e) => e.data.description).sort()).toEqual(['Main control valve closed', 'Two heads painted over']);
    expect(opened[0].data.inspectionId).toBe(inspection.id);
  });
});

describe('the sweep', () => {
  it("takes at most two of one endpoint's deliveries per claim, so a backlog to a slow receiver lets other accounts' deliveries through", async () => {
    const busy = await accountWithEndpoint();
    const quiet = await accountWithEndpoint();
    // Due long ago, so that only these rows are due at this `now`.
    const now = new Date('2001-01-01T00:00:00Z');
    const due = (endpointId: number, n: number) =>
      q.insertDelivery(ctx.runtime.db, { endpointId, eventType: 'inspection.completed', eventId: randomUUID(), payload: { n }, nextAttemptAt: new Date(now.getTime() - 1000 * (10 - n)) });
    for (let n = 0; n < 4; n++) await due(busy.endpoint.id, n);
    const quietDelivery = await due(quiet.endpoint.id, 9);

    const lease = new Date(now.getTime() + 120_000);
    const first = await q.claimDueDeliveries(ctx.runtime.db, now, 3, 2, lease);
    expect(first.map((row) => row.endpoint.id).sort()).toEqual([busy.endpoint.id, busy.endpoint.id, quiet.endpoint.id].sort());
    expect(first.find((row) => row.endpoint.id === quiet.endpoint.id)!.delivery.id).toBe(quietDelivery.id);
    // Claimed rows wait for their worker; the next claim takes the rest, then nothing.
    const second = await q.claimDueDeliveries(ctx.runtime.db, now, 3, 2, lease);
    expect(second.map((row) => row.endpoint.id)).toEqual([busy.endpoint.id, busy.endpoint.id]);
    expect(second.map((row) => row.delivery.id).some((id) => first.some((row) => row.delivery.id === id))).toBe(false);
    expect(await q.claimDueDeliveries(ctx.runtime.db, now, 3, 2, lease)).toEqual([]);
  });
});
