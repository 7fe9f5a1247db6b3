import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_ENDPOINT_LIMIT } from '@shared/schemas/webhook';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { isPublicAddress, resolvePublic } from './address-check';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const valid = { url: 'https://93.184.215.14/firemark', events: ['inspection.completed'] };

describe('registering a webhook', () => {
  it('lists it without its secret, which is shown once on creation', async () => {
    const { agent } = await ctx.signedIn();
    const created = await agent.post('/api/webhooks', { ...valid, description: 'Work orders' });
    expect(created.statusCode).toBe(201);
    expect(created.json().secret).toMatch(/^whsec_/);
    const list = (await agent.get('/api/webhooks')).json();
    expect(list).toEqual([expect.objectContaining({ url: valid.url, description: 'Work orders', events: ['inspection.completed'], failingSince: null })]);
    expect(list[0].secret).toBeUndefined();

    const rotated = (await agent.post(`/api/webhooks/${created.json().id}/secret`)).json();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.json().secret);
  });

  it('answers bad input with field messages', async () => {
    const { agent } = await ctx.signedIn();
    const res = await agent.post('/api/webhooks', { url: 'ftp://example.com', events: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ url: [expect.stringContaining('Enter an https:// address')], events: ['Choose at least one event'] });
    const plain = await agent.post('/api/webhooks', { url: 'http://93.184.215.14/hook', events: ['report.generated'] });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().fieldErrors.url[0]).toContain('Enter an https:// address');
  });

  it.each(['https://127.0.0.1/hook', 'https://10.0.0.1/hook', 'https://[::1]/hook', 'https://169.254.169.254/latest/meta-data', 'https://localhost/hook'])(
    'refuses %s, which is not a public address',
    async (url) => {
      const { agent } = await ctx.signedIn();
      const res = await agent.post('/api/webhooks', { url, events: ['inspection.completed'] });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.url[0]).toContain('only public addresses are called');
    },
  );

  it('keeps each account to its own webhooks: another account’s id is a 404', async () => {
    const owner = await ctx.signedIn();
    const other = await ctx.signedIn();
    const { id } = (await owner.agent.post('/api/webhooks', valid)).json();
    expect((await other.agent.put(`/api/webhooks/${id}`, valid)).statusCode).toBe(404);
    expect((await other.agent.delete(`/api/webhooks/${id}`)).statusCode).toBe(404);
    expect((await other.agent.post(`/api/webhooks/${id}/test`)).statusCode).toBe(404);
    expect((await other.agent.post(`/api/webhooks/${id}/secret`)).statusCode).toBe(404);
    expect((await other.agent.get(`/api/webhooks/${id}/deliveries`)).statusCode).toBe(404);
    expect((await other.agent.get('/api/webhooks')).json()).toEqual([]);
    expect((await owner.agent.delete(`/api/webhooks/${id}`)).statusCode).toBe(204);
    expect((await owner.agent.get('/api/webhooks')).json()).toEqual([]);
  });

  it('holds the limit when many are added at once', async () => {
    const { agent } = await ctx.signedIn();
    const answers = await Promise.all(Array.from({ length: WEBHOOK_ENDPOINT_LIMIT + 3 }, () => agent.post('/api/webhooks', valid)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(WEBHOOK_ENDPOINT_LIMIT);
    expect(answers.filter((a) => a.statusCode !== 201).every((a) => a.json().code === 'PLAN_LIMIT_REACHED')).toBe(true);
    expect((await agent.get('/api/webhooks')).json()).toHaveLength(WEBHOOK_ENDPOINT_LIMIT);
  });
});

describe('which addresses are public', () => {
  it.each(['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fc00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1'])(
    '%s is not',
    (address) => expect(isPublicAddress(address)).toBe(false),
  );
  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111'])('%s is', (address) => expect(isPublicAddress(address)).toBe(true));

  it('refuses a host name that resolves to loopback', async () => {
    await expect(resolvePublic(new URL('https://localhost/hook'))).rejects.toThrow(/private or reserved/);
  });
});

describe('signed out', () => {
  it('is 401 on every route', async () => {
    const anonymous = ctx.agent();
    for (const [method, url] of [
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks'],
      ['PUT', '/api/webhooks/1'],
      ['DELETE', '/api/webhooks/1'],
      ['POST', '/api/webhooks/1/test'],
      ['GET', '/api/webhooks/1/deliveries'],
      ['POST', '/api/webhooks/1/secret'],
    ] as const) {
      expect((await anonymous.request({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
