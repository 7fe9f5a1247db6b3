import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOPPED_BY_REVOCATION } from '@shared/schemas/webhook';
import { createProperty } from '../../db/seed/properties';
import { createTestContext, type Agent, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';
import { deliverDue } from '../webhooks/deliver';
import { startReceiver } from '../webhooks/test-receiver';

let ctx: TestContext;
let byToken: Awaited<ReturnType<typeof startReceiver>>;
let inApp: Awaited<ReturnType<typeof startReceiver>>;
const local = { allowPrivateAddresses: true };
beforeAll(async () => {
  ctx = await createTestContext({}, { webhookNetwork: local });
  byToken = await startReceiver();
  inApp = await startReceiver();
});
afterAll(async () => {
  await byToken.close();
  await inApp.close();
  await ctx.close();
});

const withToken = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

/** The feed's path, as a calendar app requests it: no session, no token. */
const feedPath = (url: string) => new URL(url).pathname;

async function completeAnInspection(agent: Agent, userId: number) {
  const property = await createProperty(ctx.runtime.db, userId, { name: 'Harbor View' });
  const today = new Date().toISOString().slice(0, 10);
  const scheduled = await agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_alarm', dueDate: today, assignedTo: 'Dana Cole' });
  expect(scheduled.statusCode, scheduled.body).toBe(201);
  const inspection = scheduled.json();
  expect((await agent.put(`/api/inspections/${inspection.id}`, { status: 'completed', complianceStatus: 'compliant' })).statusCode).toBe(200);
}

describe('revoking an API token', () => {
  it("stops the webhooks it made and ends the calendar link it was given; a webhook made in the app goes on", async () => {
    const s = await ctx.signedIn({ timeZone: 'UTC' });
    await grantPro(ctx.runtime.db, s.user.username);
    const token = (await s.agent.post('/api/tokens', { name: 'Zapier', access: 'write' })).json();

    const made = await withToken(token.token, 'POST', '/api/webhooks', { url: byToken.url, events: ['inspection.completed'] });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().createdByToken).toEqual({ id: token.id, name: 'Zapier', prefix: token.prefix, revoked: false });
    const ours = (await s.agent.post('/api/webhooks', { url: inApp.url, events: ['inspection.completed'] })).json();
    expect(ours.createdByToken).toBeNull();

    const link = await withToken(token.token, 'GET', '/api/calendar-feed');
    expect(link.json().createdByToken).toMatchObject({ id: token.id, name: 'Zapier' });
    const feed = feedPath(link.json().url);
    expect((await ctx.app.inject({ method: 'GET', url: feed })).statusCode).toBe(200);

    // An event written before the revocation, still waiting for the sweep.
    await completeAnInspection(s.agent, s.user.id);

    expect((await s.agent.delete(`/api/tokens/${token.id}`)).statusCode).toBe(200);
    expect((await withToken(token.token, 'GET', '/api/properties')).statusCode).toBe(401);

    await deliverDue({ pool: ctx.runtime.pool, network: local });
    expect(byToken.received).toHaveLength(0);
    expect(inApp.received).toHaveLength(1);

    // And events after it.
    await completeAnInspection(s.agent, s.user.id);
    await deliverDue({ pool: ctx.runtime.pool, network: local });
    expect(byToken.received).toHaveLength(0);
    expect(inApp.received).toHaveLength(2);

    expect((await ctx.app.inject({ method: 'GET', url: feed })).statusCode).toBe(404);

    const listed = (await s.agent.get('/api/webhooks')).json();
    expect(listed.find((w: { id: number }) => w.id === made.json().id)).toMatchObject({
      enabled: false,
      stoppedReason: STOPPED_BY_REVOCATION,
      createdByToken: { id: token.id, name: 'Zapier', revoked: true },
    });
    expect(listed.find((w: { id: number }) => w.id === ours.id)).toMatchObject({ enabled: true, stoppedReason: null, createdByToken: null });
    const deliveries = (await s.agent.get(`/api/webhooks/${made.json().id}/deliveries`)).json();
    expect(deliveries[0]).toMatchObject({ status: 'failed', attempts: 0, lastError: STOPPED_BY_REVOCATION });

    // Settings makes a new link, made in the app.
    const fresh = (await s.agent.get('/api/calendar-feed')).json();
    expect(fresh.createdByToken).toBeNull();
    expect(feedPath(fresh.url)).not.toBe(feed);
    expect((await ctx.app.inject({ method: 'GET', url: feedPath(fresh.url) })).statusCode).toBe(200);
  });

  it('keeps a calendar link that only the app has shown', async () => {
    const s = await ctx.signedIn();
    const token = (await s.agent.post('/api/tokens', { name: 'Reader', access: 'read' })).json();
    const link = (await s.agent.get('/api/calendar-feed')).json();
    expect(link.createdByToken).toBeNull();
    expect((await s.agent.delete(`/api/tokens/${token.id}`)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: feedPath(link.url) })).statusCode).toBe(200);
  });

  it('ends a link made in the app once a token has been handed it', async () => {
    const s = await ctx.signedIn();
    const token = (await s.agent.post('/api/tokens', { name: 'Reader', access: 'read' })).json();
    const link = (await s.agent.get('/api/calendar-feed')).json();
    expect((await withToken(token.token, 'GET', '/api/calendar-feed')).json().url).toBe(link.url);
    expect((await s.agent.delete(`/api/tokens/${token.id}`)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: feedPath(link.url) })).statusCode).toBe(404);
  });

  it('stops a webhook made in the app that a token then pointed elsewhere or took the secret of', async () => {
    const s = await ctx.signedIn({ timeZone: 'UTC' });
    await grantPro(ctx.runtime.db, s.user.username);
    const token = (await s.agent.post('/api/tokens', { name: 'Integration', access: 'write' })).json();
    const repointed = (await s.agent.post('/api/webhooks', { url: inApp.url, events: ['inspection.completed'] })).json();
    const rekeyed = (await s.agent.post('/api/webhooks', { url: inApp.url, events: ['inspection.completed'] })).json();
    const untouched = (await s.agent.post('/api/webhooks', { url: inApp.url, events: ['inspection.completed'] })).json();
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/webhooks/${repointed.id}`,
      headers: { authorization: `Bearer ${token.token}` },
      payload: { url: byToken.url, events: ['inspection.completed'], enabled: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().createdByToken).toMatchObject({ id: token.id });
    const rotated = await withToken(token.token, 'POST', `/api/webhooks/${rekeyed.id}/secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);

    expect((await s.agent.delete(`/api/tokens/${token.id}`)).statusCode).toBe(200);
    const listed = (await s.agent.get('/api/webhooks')).json() as { id: number; enabled: boolean; stoppedReason: string | null }[];
    const state = (id: number) => listed.find((w) => w.id === id);
    expect(state(repointed.id)).toMatchObject({ enabled: false, stoppedReason: STOPPED_BY_REVOCATION });
    expect(state(rekeyed.id)).toMatchObject({ enabled: false, stoppedReason: STOPPED_BY_REVOCATION });
    expect(state(untouched.id)).toMatchObject({ enabled: true, stoppedReason: null });
  });
});
