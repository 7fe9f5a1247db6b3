import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPro } from '../modules/subscription/subscription.service';
import { createTestContext, type Agent, type TestContext } from '../testing/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const property = { name: 'Harbor View Offices', propertyType: 'commercial', addressLine1: '100 Harbor Way', city: 'Boston', state: 'MA', zip: '02110', country: 'us', managerEmail: 'facilities@example.com' };
const create = (agent: Agent, key: string | undefined, body: object = property) =>
  agent.request({ method: 'POST', url: '/api/properties', payload: body, headers: key === undefined ? {} : { 'idempotency-key': key } });
const countProperties = async (userId: number) => Number((await ctx.runtime.pool.query(`select count(*) from properties where organization_id = $1`, [userId])).rows[0].count);

async function proAccount() {
  const session = await ctx.signedIn();
  await grantPro(ctx.runtime.db, session.user.username);
  return session;
}

describe('Idempotency-Key', () => {
  it('answers a retried create with the first answer, and makes one record', async () => {
    const { agent, user } = await proAccount();
    const first = await create(agent, 'c7b1a2f0-retry-1');
    const retry = await create(agent, 'c7b1a2f0-retry-1');
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await countProperties(user.id)).toBe(1);
    // Without a key, the same body is a new record, as before.
    expect((await create(agent, undefined)).statusCode).toBe(201);
    expect(await countProperties(user.id)).toBe(2);
  });

  it('makes one record when the same key arrives five times at once', async () => {
    const { agent, user } = await proAccount();
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(agent, 'at-once')));
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((a) => a.json().id)).size).toBe(1);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/^A request with this Idempotency-Key was already received/);
    }
    expect(await countProperties(user.id)).toBe(1);
    const later = await create(agent, 'at-once');
    expect(later.statusCode).toBe(201);
    expect(later.json().id).toBe(created[0]!.json().id);
  });

  it('refuses a key reused with another body, and keeps each account\'s keys apart', async () => {
    const { agent, user } = await proAccount();
    await create(agent, 'shared-key');
    const other = await create(agent, 'shared-key', { ...property, name: 'Pier Warehouse' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ code: 'CONFLICT', message: 'This Idempotency-Key was already used for a different request. Use a new key for each new request.' });
    expect(await countProperties(user.id)).toBe(1);

    const someoneElse = await proAccount();
    const theirs = await create(someoneElse.agent, 'shared-key');
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await countProperties(someoneElse.user.id)).toBe(1);
  });

  it('does not keep a refusal that changed nothing: the corrected request goes through with the same key', async () => {
    const { agent, user } = await proAccount();
    const invalid = await create(agent, 'fix-and-retry', { ...property, name: ' ' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors).toEqual({ name: ['Property name is required'] });
    const fixed = await create(agent, 'fix-and-retry');
    expect(fixed.statusCode).toBe(201);
    expect(await countProperties(user.id)).toBe(1);
  });

  it('refuses the retry of a create that committed but whose answer was lost, rather than making it twice', async () => {
    const { agent, user } = await proAccount();
    // What a committed create leaves when its answer never reached the client: the key, no answer.
    const first = await create(agent, 'answer-lost');
    await ctx.runtime.pool.query(`update idempotency_keys set status_code = null, response = null where user_id = $1 and key = 'answer-lost'`, [user.id]);
    const retry = await create(agent, 'answer-lost');
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(409);
    expect(await countProperties(user.id)).toBe(1);
  });

  it('answers a malformed key with 400', async () => {
    const { agent, user } = await proAccount();
    const res = await create(agent, 'x'.repeat(256));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'The Idempotency-Key header must be 1 to 255 visible characters, such as a UUID.' });
    expect(await countProperties(user.id)).toBe(0);
  });

  it('works for other creates too: a retried inspection is scheduled once', async () => {
    const { agent, user } = await proAccount();
    const { id: propertyId } = (await create(agent, undefined)).json();
    const body = { propertyId, inspectionType: 'fire_alarm', dueDate: '2030-01-15', assignedTo: 'Sam Ortiz' };
    const send = () => agent.request({ method: 'POST', url: '/api/inspections', payload: body, headers: { 'idempotency-key': 'inspection-1' } });
    const [a, b] = [await send(), await send()];
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().id).toBe(a.json().id);
    expect(Number((await ctx.runtime.pool.query(`select count(*) from inspections where organization_id = $1`, [user.id])).rows[0].count)).toBe(1);
  });

  it('makes one photo when the same upload arrives three times at once', async () => {
    const { agent, user } = await proAccount();
    const { id: propertyId } = (await create(agent, undefined)).json();
    const inspection = (await agent.post('/api/inspections', { propertyId, inspectionType: 'fire_alarm', dueDate: '2030-01-15', assignedTo: 'Sam Ortiz' })).json();
    await agent.put(`/api/inspections/${inspection.id}`, { status: 'completed', complianceStatus: 'non_compliant', notes: 'Panel fault', deficiencies: [{ description: 'Panel fault', severity: 'critical' }] });
    const [deficiency] = (await agent.get(`/api/inspections/${inspection.id}/deficiencies`)).json() as { id: number }[];
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c00' } }).jpeg().toBuffer();
    const send = () =>
      agent.request({ method: 'POST', url: `/api/deficiencies/${deficiency!.id}/photos`, payload: photo, headers: { 'content-type': 'image/jpeg', 'idempotency-key': 'photo-1' } });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.filter((a) => a.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    expect(Number((await ctx.runtime.pool.query(`select count(*) from deficiency_photos where organization_id = $1`, [user.id])).rows[0].count)).toBe(1);
  });

  it('is refused where an answer must not be kept: a new API token is shown once', async () => {
    const { agent, user } = await proAccount();
    const res = await agent.request({ method: 'POST', url: '/api/tokens', payload: { name: 'Zapier', access: 'read' }, headers: { 'idempotency-key': 'token-1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This call does not take an Idempotency-Key header (docs/api.md, "Retrying safely").');
    expect(Number((await ctx.runtime.pool.query(`select count(*) from api_tokens where organization_id = $1`, [user.id])).rows[0].count)).toBe(0);
    expect(Number((await ctx.runtime.pool.query(`select count(*) from idempotency_keys where user_id = $1`, [user.id])).rows[0].count)).toBe(0);
  });

  it('is described in the API reference on the creates that take it, and only there', async () => {
    const document = (await ctx.agent().get('/api/openapi.json')).json() as { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> };
    const takesKey = (path: string, method = 'post') => (document.paths[path]?.[method]?.parameters ?? []).some((p) => p.name === 'Idempotency-Key' && p.in === 'header');
    expect(takesKey('/api/properties')).toBe(true);
    expect(takesKey('/api/deficiencies/{id}/photos')).toBe(true);
    expect(takesKey('/api/reports')).toBe(true);
    expect(takesKey('/api/tokens')).toBe(false);
    expect(takesKey('/api/webhooks')).toBe(false);
  });
});
