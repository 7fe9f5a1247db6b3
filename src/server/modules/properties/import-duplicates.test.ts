import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../../db/seed/properties';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

/** Importing a file twice, or a file holding properties the account has, adds nothing twice. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function withHarborView(pro = true) {
  const session = await ctx.signedIn();
  if (pro) await grantPro(ctx.runtime.db, session.user.username);
  await createProperty(ctx.runtime.db, session.user.id, { name: 'Harbor View', addressLine1: '12 Main St.' });
  return session;
}

const row = (name: string, addressLine1: string) => ({
  name, addressLine1, city: 'Boston', state: 'MA', zip: '02110', propertyType: 'commercial', managerEmail: 'm@example.com',
});
const file = [row('Harbor View', '12 Main St.'), row('Depot', '5 Rail Way'), row('  HARBOR   view ', '12 main st'), row('Depot', '5 Rail Way')];
const names = async (agent: Awaited<ReturnType<typeof withHarborView>>['agent']) =>
  ((await agent.get('/api/properties?sort=name_asc')).json() as { name: string }[]).map((p) => p.name);

describe('import duplicates', () => {
  it('the check names rows repeating an existing property (any case and spacing) or an earlier row', async () => {
    const { agent } = await withHarborView();
    const res = await agent.post('/api/properties/bulk-import/check', { filename: 'f.csv', properties: file });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ duplicateRows: [0, 2, 3] });
  });

  it('skips them and says how many, unless asked to import them anyway', async () => {
    const { agent } = await withHarborView();
    const res = await agent.post('/api/properties/bulk-import', { filename: 'f.csv', properties: file });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ importedCount: 1, skippedCount: 3, message: 'Imported 1 property. Skipped 3 properties you already have.' });
    expect(await names(agent)).toEqual(['Depot', 'Harbor View']);

    const anyway = await agent.post('/api/properties/bulk-import', { filename: 'f.csv', properties: file, includeDuplicates: true });
    expect(anyway.json()).toMatchObject({ importedCount: 4, skippedCount: 0, message: 'Imported 4 properties.' });
    expect(await names(agent)).toHaveLength(6);
  });

  it('counts only the rows it imports against the free plan', async () => {
    const { agent } = await withHarborView(false);
    const res = await agent.post('/api/properties/bulk-import', { filename: 'f.csv', properties: [row('Harbor View', '12 Main St')] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ importedCount: 0, skippedCount: 1 });
    const anyway = await agent.post('/api/properties/bulk-import', { filename: 'f.csv', properties: [row('Harbor View', '12 Main St')], includeDuplicates: true });
    expect(anyway.statusCode).toBe(403);
  });

  it("does not see another account's properties", async () => {
    await withHarborView();
    const { agent } = await ctx.signedIn();
    const res = await agent.post('/api/properties/bulk-import/check', { filename: 'f.csv', properties: [row('Harbor View', '12 Main St.')] });
    expect(res.json()).toEqual({ duplicateRows: [] });
  });

  it('answers a bad "import anyway" with a field message', async () => {
    const { agent } = await withHarborView();
    const res = await agent.post('/api/properties/bulk-import', { filename: 'f.csv', properties: file, includeDuplicates: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ includeDuplicates: ['Must be true or false'] });
  });
});
