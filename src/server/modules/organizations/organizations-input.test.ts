import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { organizationOf } from '../../testing/team';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const TOO_LONG = 'N'.repeat(101);

describe('an organisation’s name and time zone', () => {
  it('are refused when a new organisation’s are bad, with a message for each field, and nothing is made', async () => {
    const { agent } = await ctx.signedIn();
    const before = (await agent.get('/api/organizations')).json() as unknown[];
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { name: ['Organisation name is required'] }],
      [{ name: '' }, { name: ['Organisation name must be at least 2 characters'] }],
      [{ name: '   ' }, { name: ['Organisation name must be at least 2 characters'] }],
      [{ name: TOO_LONG }, { name: ['Organisation name must be at most 100 characters'] }],
      [{ name: 'Coastal Holdings', timeZone: 'Mars/Olympus_Mons' }, { timeZone: ['Unknown time zone'] }],
      [{ name: 'C', timeZone: '' }, { name: ['Organisation name must be at least 2 characters'], timeZone: ['Time zone is required'] }],
    ];
    for (const [body, fieldErrors] of cases) {
      const refused = await agent.post('/api/organizations', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().fieldErrors, JSON.stringify(body)).toEqual(fieldErrors);
    }
    expect((await agent.get('/api/organizations')).json()).toEqual(before);
  });

  it('are refused when a change is bad, with a message for each field, and nothing changes', async () => {
    const { agent } = await ctx.signedIn();
    const before = await organizationOf(agent);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ timeZone: 'UTC' }, { name: ['Organisation name is required'] }],
      [{ name: '', timeZone: 'UTC' }, { name: ['Organisation name must be at least 2 characters'] }],
      [{ name: TOO_LONG, timeZone: 'UTC' }, { name: ['Organisation name must be at most 100 characters'] }],
      [{ name: 'Harbor Group', timeZone: 'Not/AZone' }, { timeZone: ['Unknown time zone'] }],
      [{ name: 'Harbor Group', timeZone: 'Z'.repeat(65) }, { timeZone: ['Time zone is too long'] }],
    ];
    for (const [body, fieldErrors] of cases) {
      const refused = await agent.put('/api/organizations/current', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().fieldErrors, JSON.stringify(body)).toEqual(fieldErrors);
    }
    expect(await organizationOf(agent)).toEqual(before);
    // And a good one is taken, trimmed, with an old zone name stored as the current one.
    const saved = await agent.put('/api/organizations/current', { name: '  Harbor Group  ', timeZone: 'Europe/Kiev' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Harbor Group', timeZone: 'Europe/Kyiv' });
  });
});
