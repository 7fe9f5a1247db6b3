import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createDrain } from './drain';
import { createMetrics, storageErrors } from './metrics';
import { buildProbeApp } from './probe-app';
import { createTestContext, type TestContext } from './testing/test-app';

/**
 * /metrics as a Prometheus server scrapes it: text format, requests by route pattern, the
 * pool, job queues, the outbox and the answer cache; never public (a Bearer token on the
 * app's port, or a listener on an address of its own).
 */
const TOKEN = 'metrics-token-0123456789abcdef';
let ctx: TestContext;
let closed: TestContext;

beforeAll(async () => {
  [ctx, closed] = await Promise.all([createTestContext({ METRICS_TOKEN: TOKEN }), createTestContext()]);
});
afterAll(async () => {
  await Promise.all([ctx?.close(), closed?.close()]);
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * A strict reading of the Prometheus text exposition format (0.0.4): HELP and TYPE lines,
 * then samples `name{label="value",...} number` of a declared family. Throws on anything else.
 */
function parseExposition(text: string): Sample[] {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
  const sampleLine = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
  const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\["\\n])*)"(?:,|$)/gy;
  for (const [index, line] of text.split('\n').entries()) {
    const where = `line ${index + 1}: ${line}`;
    if (line === '') continue;
    const comment = new RegExp(`^# (HELP|TYPE) (${NAME}) (.*)$`).exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(comment[3]!)) throw new Error(`Unknown type, ${where}`);
        if (types.has(comment[2]!)) throw new Error(`Family declared twice, ${where}`);
        types.set(comment[2]!, comment[3]!);
      }
      continue;
    }
    const match = sampleLine.exec(line);
    if (!match) throw new Error(`Not a sample, ${where}`);
    const [, name, labelText, valueText] = match;
    const family = [name!, name!.replace(/_(bucket|sum|count)$/, '')].find((n) => types.has(n));
    if (!family) throw new Error(`Sample of an undeclared family, ${where}`);
    const labels: Record<string, string> = {};
    if (labelText) {
      labelPair.lastIndex = 0;
      while (labelPair.lastIndex < labelText.length) {
        const pair = labelPair.exec(labelText);
        if (!pair) throw new Error(`Bad labels, ${where}`);
        labels[pair[1]!] = pair[2]!;
      }
    }
    // Prometheus reads values with Go's ParseFloat: NaN and Inf in any case (prom-client writes "Nan").
    const special: Record<string, number> = { nan: NaN, '+inf': Infinity, inf: Infinity, '-inf': -Infinity };
    const lower = valueText!.toLowerCase();
    const value = lower in special ? special[lower]! : Number(valueText);
    if (Number.isNaN(value) && lower !== 'nan') throw new Error(`Bad value, ${where}`);
    samples.push({ name: name!, labels, value });
  }
  return samples;
}

const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => ctx.app.inject({ method: 'GET', url: '/metrics', headers });
const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

describe('/metrics with METRICS_TOKEN', () => {
  it('answers in Prometheus text format that parses, with the families an operator watches', async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseExposition(response.body);
    for (const name of [
      'firemark_db_pool_connections',
      'firemark_db_pool_idle_connections',
      'firemark_db_pool_waiting_requests',
      'firemark_mail_outbox_oldest_pending_seconds',
      'process_cpu_user_seconds_total',
    ]) {
      expect(find(samples, name), name).toBeDefined();
    }
    expect(find(samples, 'firemark_job_queue_depth', { queue: 'email-delivery', state: 'waiting' })).toBeDefined();
    expect(find(samples, 'firemark_job_queue_oldest_waiting_seconds', { queue: 'email-priority' })).toBeDefined();
    expect(find(samples, 'firemark_mail_outbox_depth', { status: 'pending' })).toBeDefined();
  });

  it('counts a request under its route pattern, never its URL, with its status class', async () => {
    const { agent } = await ctx.signedIn();
    expect((await agent.get('/api/properties/987654')).statusCode).toBe(404);
    const samples = parseExposition((await scrape()).body);
    const labels = { method: 'GET', route: '/api/properties/:id' };
    expect(find(samples, 'firemark_http_request_duration_seconds_count', labels)?.value).toBeGreaterThanOrEqual(1);
    expect(find(samples, 'firemark_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })?.value).toBeGreaterThanOrEqual(1);
    expect(find(samples, 'firemark_http_responses_total', { ...labels, status_class: '4xx' })?.value).toBeGreaterThanOrEqual(1);
    expect(samples.some((s) => s.labels.route?.includes('987654'))).toBe(false);
  });

  it('shows the job queue and outbox depth as they are, and the answer cache hits', async () => {
    const { agent, user } = await ctx.signedIn();
    // No worker runs in this test: a forgot-password request waits as a job, and a mail written ten minutes ago waits in the outbox.
    expect((await ctx.agent().post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    await ctx.runtime.pool.query(
      "insert into email_outbox (kind, to_address, subject, text_body, created_at) values ('support_confirmation', $1, 'Waiting', 'Waiting.', now() - interval '10 minutes')",
      [user.email],
    );
    await agent.get('/api/dashboard/stats');
    await agent.get('/api/dashboard/stats');
    const samples = parseExposition((await scrape()).body);
    expect(find(samples, 'firemark_mail_outbox_depth', { status: 'pending' })?.value).toBeGreaterThanOrEqual(1);
    expect(find(samples, 'firemark_mail_outbox_oldest_pending_seconds')?.value).toBeGreaterThanOrEqual(600);
    expect(find(samples, 'firemark_job_queue_depth', { queue: 'password-reset-request', state: 'waiting' })?.value).toBe(1);
    expect(find(samples, 'firemark_answer_cache_lookups_total', { result: 'hit' })?.value).toBeGreaterThanOrEqual(1);
    expect(find(samples, 'firemark_answer_cache_lookups_total', { result: 'miss' })?.value).toBeGreaterThanOrEqual(1);
  });

  it('counts storage errors that the file store reports', async () => {
    storageErrors.inc({ operation: 'put' });
    const samples = parseExposition((await scrape()).body);
    expect(find(samples, 'firemark_storage_errors_total', { operation: 'put' })?.value).toBeGreaterThanOrEqual(1);
  });

  it('is 401 without the token or with a wrong one, and says how to send it', async () => {
    const none = await scrape({});
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.json().message).toContain('METRICS_TOKEN');
    expect((await scrape({ authorization: 'Bearer metrics-token-0123456789abcdeX' })).statusCode).toBe(401);
    expect((await scrape({ authorization: `Basic ${TOKEN}` })).statusCode).toBe(401);
    expect(none.body).not.toContain('firemark_');
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('is a 404 on the app port, with or without a token', async () => {
    const response = await closed.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    expect((await closed.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });

  it('is served on the METRICS_PORT listener, bound to METRICS_HOST, without a token', async () => {
    const config = loadConfig({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' });
    expect(config.process.metrics).toEqual({ token: undefined, listener: { host: '127.0.0.1', port: 0 } });
    const listener = await buildProbeApp({ pool: closed.runtime.pool, drain: createDrain(), metrics: createMetrics({ pool: closed.runtime.pool }), open: true });
    try {
      const address = await listener.listen(config.process.metrics.listener!);
      expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const response = await fetch(`${address}/metrics`);
      expect(response.status).toBe(200);
      expect(parseExposition(await response.text()).length).toBeGreaterThan(0);
      // Only what a scraper and a health check need: no pages, no API.
      expect((await fetch(`${address}/api/properties`)).status).toBe(404);
      expect((await fetch(`${address}/readyz`)).status).toBe(200);
    } finally {
      await listener.close();
    }
  });

  it('with METRICS_TOKEN as well, the listener asks for it too', async () => {
    const listener = await buildProbeApp({ pool: closed.runtime.pool, drain: createDrain(), metrics: createMetrics({ pool: closed.runtime.pool }), open: true, token: TOKEN });
    try {
      expect((await listener.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect((await listener.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
    } finally {
      await listener.close();
    }
  });
});
