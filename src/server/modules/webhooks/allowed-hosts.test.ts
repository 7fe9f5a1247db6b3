import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { resolvePublic } from './address-check';
import { allowCheck } from './allowed-hosts';
import { startReceiver } from './test-receiver';

// Issue 30, item 12: the operator (never an account) may let webhooks reach listed internal
// hosts and networks; everything else stays refused.

describe('WEBHOOK_ALLOWED_HOSTS', () => {
  it('is empty by default: only public addresses are called', () => {
    expect(loadConfig({}).webhookAllowList).toEqual({ hosts: [], networks: [] });
  });

  it('reads host names, wildcard names, addresses and networks', () => {
    expect(loadConfig({ WEBHOOK_ALLOWED_HOSTS: ' Hooks.Corp.Example. , *.lab.example,192.168.10.5, 10.20.0.0/16,[fd00::7],fd00:1234::/48,localhost,' }).webhookAllowList).toEqual({
      hosts: ['hooks.corp.example', '*.lab.example', 'localhost'],
      networks: ['192.168.10.5/32', '10.20.0.0/16', 'fd00::7/128', 'fd00:1234::/48'],
    });
  });

  it.each([
    ['https://hooks.corp.example', 'is an address, not a host'],
    ['10.0.0.0/33', 'is not a network'],
    ['10.0.0/8', 'is not a network'],
    ['0.0.0.0/0', 'would let webhooks reach every address'],
    ['::/0', 'would let webhooks reach every address'],
    ['hooks_corp!', 'is not a host name, an IP address or a network'],
  ])('stops the start on "%s", naming the variable and saying why', (entry, why) => {
    expect(() => loadConfig({ WEBHOOK_ALLOWED_HOSTS: `localhost,${entry}` })).toThrow(`WEBHOOK_ALLOWED_HOSTS: "${entry}" ${why}`);
  });
});

describe('the address check with an allow list', () => {
  const allowed = allowCheck({ hosts: ['hooks.corp.example', '*.lab.example', 'localhost'], networks: ['10.20.0.0/16', 'fd00:1234::/48'] });

  it('calls listed networks over https or http, and nothing else private', async () => {
    await expect(resolvePublic(new URL('https://10.20.3.4/hook'), { allowed })).resolves.toEqual({ address: '10.20.3.4', family: 4 });
    await expect(resolvePublic(new URL('http://10.20.3.4:8080/hook'), { allowed })).resolves.toEqual({ address: '10.20.3.4', family: 4 });
    await expect(resolvePublic(new URL('https://[fd00:1234::9]/hook'), { allowed })).resolves.toMatchObject({ address: 'fd00:1234::9' });
    await expect(resolvePublic(new URL('https://10.21.0.1/hook'), { allowed })).rejects.toThrow(/private or reserved/);
    await expect(resolvePublic(new URL('https://169.254.169.254/latest/meta-data'), { allowed })).rejects.toThrow(/private or reserved/);
  });

  it('calls a listed host name whatever it resolves to', async () => {
    await expect(resolvePublic(new URL('http://localhost:4000/hook'), { allowed })).resolves.toMatchObject({ family: expect.any(Number) });
    expect(allowed.host('a.lab.example')).toBe(true);
    expect(allowed.host('deep.a.lab.example')).toBe(true);
    expect(allowed.host('lab.example')).toBe(false);
    expect(allowed.host('evil-lab.example')).toBe(false);
    expect(allowed.host('hooks.corp.example.attacker.test')).toBe(false);
  });

  it('keeps public receivers on https', async () => {
    await expect(resolvePublic(new URL('http://93.184.215.14/hook'), { allowed })).rejects.toThrow('Only https:// addresses are called');
  });
});

describe('webhooks on an install that allows 127.0.0.1 and localhost', () => {
  let ctx: TestContext;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    // Through the configuration, as an operator sets it: no test-only relaxation.
    ctx = await createTestContext({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,localhost' });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await ctx.close();
  });

  it('saves an internal receiver and delivers "Send test" to it', async () => {
    const { agent } = await ctx.signedIn();
    const created = await agent.post('/api/webhooks', { url: receiver.url, events: ['inspection.completed'] });
    expect(created.statusCode).toBe(201);
    const sent = await agent.post(`/api/webhooks/${created.json().id}/test`);
    expect(sent.json()).toMatchObject({ eventType: 'ping', status: 'delivered', lastStatusCode: 200 });
    expect(receiver.received.at(-1)!.headers['firemark-event']).toBe('ping');
    expect((await agent.post('/api/webhooks', { url: 'https://localhost/hook', events: ['report.generated'] })).statusCode).toBe(201);
  });

  it('still refuses private addresses it does not list', async () => {
    const { agent } = await ctx.signedIn();
    for (const url of ['https://10.0.0.1/hook', 'https://192.168.1.1/hook', 'https://169.254.169.254/latest/meta-data']) {
      const res = await agent.post('/api/webhooks', { url, events: ['inspection.completed'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fieldErrors.url[0]).toContain('only public addresses are called');
    }
  });
});
