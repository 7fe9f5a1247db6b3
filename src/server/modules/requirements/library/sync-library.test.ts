import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliesTo, type AppliesWhen, type ItemAnswers } from '@shared/item-conditions';
import { createTestContext, type TestContext } from '../../../testing/test-app';
import { appliesSql } from './applies.sql';
import { LIBRARY } from '.';
import { syncLibrary } from './sync-library';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const rowsInUse = async () =>
  (
    await ctx.runtime.db.execute<{ id: number; code_set: string; key: string; activity: string; principal: boolean }>(
      sql`select id, code_set, key, activity, principal from requirement_library where not retired order by id`,
    )
  ).rows;

describe('the requirement library as data', () => {
  it('holds every row of the data after start-up, and a second sync changes no id', async () => {
    const before = await rowsInUse();
    const expected = Object.values(LIBRARY).flatMap((set) => set.entries.map((e) => `${set.codeSet} ${e.key} ${e.activity} ${e.principal ?? false}`));
    expect(before.map((r) => `${r.code_set} ${r.key} ${r.activity} ${r.principal}`).sort()).toEqual([...expected].sort());
    await syncLibrary(ctx.runtime.db);
    expect(await rowsInUse()).toEqual(before);
  });

  it('retires a row that left the data instead of deleting it, so what was made from it keeps its source', async () => {
    const [gone] = (
      await ctx.runtime.db.execute<{ id: number }>(sql`
        insert into requirement_library (code_set, key, item_type, activity, interval_months, source, sort_order)
        values ('us-nfpa', 'other.withdrawn-check', 'other', 'Withdrawn check', 12, 'NFPA 1 (2018)', 9) returning id`)
    ).rows;
    await syncLibrary(ctx.runtime.db);
    const after = await ctx.runtime.db.execute<{ retired: boolean; source: string }>(sql`select retired, source from requirement_library where id = ${gone!.id}`);
    expect(after.rows[0]).toEqual({ retired: true, source: 'NFPA 1 (2018)' });
    expect((await rowsInUse()).some((r) => r.key === 'other.withdrawn-check')).toBe(false);
  });

  it('keeps one principal row per code set and type', () => {
    for (const { entries } of Object.values(LIBRARY)) {
      const principals = entries.filter((e) => e.principal).map((e) => e.itemType);
      expect(new Set(principals).size).toBe(principals.length);
      const keys = entries.map((e) => e.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});

describe('when a row applies', () => {
  const cases: { when: AppliesWhen | null; answers: ItemAnswers; applies: boolean }[] = [
    { when: null, answers: {}, applies: true },
    { when: { agents: ['co2', 'water'] }, answers: {}, applies: true },
    { when: { agents: ['co2', 'water'] }, answers: { agents: ['co2'] }, applies: true },
    { when: { agents: ['co2', 'water'] }, answers: { agents: ['dry_chemical', 'water'] }, applies: true },
    { when: { agents: ['co2', 'water'] }, answers: { agents: ['dry_chemical'] }, applies: false },
    { when: { agents: ['co2'] }, answers: { agents: [] }, applies: false },
    { when: { agents: ['co2'], power: ['battery'] }, answers: { agents: ['co2'], power: ['generator'] }, applies: false },
    { when: { agents: ['co2'], power: ['battery'] }, answers: { agents: ['co2'] }, applies: true },
  ];

  it.each(cases)('$when with $answers: $applies, the same in SQL', async ({ when, answers, applies }) => {
    expect(appliesTo(when, answers)).toBe(applies);
    const result = await ctx.runtime.db.execute<{ applies: boolean }>(sql`
      select ${appliesSql('l', sql`${JSON.stringify(answers)}::jsonb`)} as applies
      from (select ${when === null ? null : JSON.stringify(when)}::jsonb as applies_when) l`);
    expect(result.rows[0]!.applies).toBe(applies);
  });
});
