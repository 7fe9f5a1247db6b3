import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

// Issue 30, item 11: the server reads the type column as the preview does.
describe('importing the types people write', () => {
  it('stores Office, School, Apartment, Hospital, Warehouse and Hotel as their types, not Other', async () => {
    const { agent, user } = await ctx.signedIn();
    await grantPro(ctx.runtime.db, user.username);
    const words = ['Office', 'School', 'Apartment', 'Hospital', 'Warehouse', 'Hotel', 'Lighthouse'];
    const properties = words.map((propertyType, i) => ({
      name: `${propertyType} ${i}`,
      addressLine1: `${i + 1} Main St`,
      city: 'Boston',
      state: 'MA',
      zip: '02110',
      propertyType,
      managerEmail: 'manager@example.com',
    }));
    const res = await agent.post('/api/properties/bulk-import', { filename: 'portfolio.csv', properties });
    expect(res.statusCode).toBe(201);
    expect(res.json().importedCount).toBe(7);
    const list = (await agent.get('/api/properties?sort=name_asc')).json() as { name: string; propertyType: string }[];
    expect(Object.fromEntries(list.map((p) => [p.name, p.propertyType]))).toEqual({
      'Office 0': 'commercial',
      'School 1': 'education',
      'Apartment 2': 'residential',
      'Hospital 3': 'healthcare',
      'Warehouse 4': 'industrial',
      'Hotel 5': 'residential',
      'Lighthouse 6': 'other',
    });
  });
});
