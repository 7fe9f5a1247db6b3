import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchFold } from '@shared/search-fold';
import { createInspectionRow, createProperty } from './seed/properties';
import { createTestContext, type TestContext } from '../testing/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const names = (response: { json(): unknown }) => (response.json() as { name: string }[]).map((p) => p.name).sort();

describe('search across case and accents (issue 30)', () => {
  it('finds a property by any case and with or without accents, in the lists and the top search', async () => {
    const { agent, user } = await ctx.signedIn();
    await createProperty(ctx.runtime.db, user.id, { name: 'Čelákovice Depot', city: 'Praha' });
    await createProperty(ctx.runtime.db, user.id, { name: 'Bytový dům Vinohrady', city: 'Praha' });
    await createProperty(ctx.runtime.db, user.id, { name: 'Склад Москва', city: 'Москва' });
    await createProperty(ctx.runtime.db, user.id, { name: 'Οικία Σοφίας', city: 'Αθήνα' });
    await createProperty(ctx.runtime.db, user.id, { name: 'Harbor View', city: 'Łódź' });
    await createProperty(ctx.runtime.db, user.id, { name: 'Ｔｏｋｙｏ がっこう', city: 'Tokyo' });
    const search = async (q: string) => names(await agent.get(`/api/properties?q=${encodeURIComponent(q)}`));

    for (const q of ['čelákovice', 'ČELÁKOVICE', 'Celakovice', 'celakovice', 'Čel', 'LÁKOV']) expect(await search(q), q).toEqual(['Čelákovice Depot']);
    for (const q of ['DŮM', 'dum', 'Dům']) expect(await search(q), q).toEqual(['Bytový dům Vinohrady']);
    // Cyrillic and Greek letters fold too, whatever the database's locale; the city is searched as well.
    for (const q of ['МОСКВА', 'москва', 'склад']) expect(await search(q), q).toEqual(['Склад Москва']);
    for (const q of ['ΣΟΦΙΑΣ', 'σοφιας', 'αθηνα']) expect(await search(q), q).toEqual(['Οικία Σοφίας']);
    for (const q of ['lodz', 'ŁÓDŹ']) expect(await search(q), q).toEqual(['Harbor View']);
    // Fullwidth letters are letters; a kana's voicing mark is part of it, not an accent.
    expect(await search('tokyo が')).toEqual(['Ｔｏｋｙｏ がっこう']);
    expect(await search('かっこう')).toEqual([]);
    // A term's own % and _ are literal.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);

    // The top search asks the same lists, five at a time.
    const top = await agent.get(`/api/properties?q=${encodeURIComponent('čelákovice')}&limit=5`);
    expect(top.headers['x-total-count']).toBe('1');
  });

  it('finds inspections by property name or assignee across case and accents', async () => {
    const { agent, user } = await ctx.signedIn();
    const property = await createProperty(ctx.runtime.db, user.id, { name: 'Čelákovice Depot' });
    const other = await createProperty(ctx.runtime.db, user.id, { name: 'Harbor View' });
    await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: property.id, dueDate: '2026-12-01', assignedTo: 'Alex Rivera' });
    await createInspectionRow(ctx.runtime.db, { organizationId: user.id, propertyId: other.id, dueDate: '2026-12-02', assignedTo: 'Zoë Šťastná' });
    const search = async (q: string) =>
      ((await agent.get(`/api/inspections?q=${encodeURIComponent(q)}`)).json() as { assignedTo: string }[]).map((i) => i.assignedTo);
    expect(await search('ČELÁKOVICE')).toEqual(['Alex Rivera']);
    expect(await search('celakovice')).toEqual(['Alex Rivera']);
    expect(await search('ZOE STASTNA')).toEqual(['Zoë Šťastná']);
    expect(await search('šťastná')).toEqual(['Zoë Šťastná']);
  });

  it('folds in SQL exactly as the screens do, character by character', async () => {
    // The alphabets, symbols and punctuation up to CJK, the fullwidth and halfwidth forms, and the mathematical letters.
    const all: string[] = [];
    for (const [from, to] of [[1, 0x3100], [0xfb00, 0xfff0], [0x1d400, 0x1d800]] as const) for (let cp = from; cp < to; cp++) all.push(String.fromCodePoint(cp));
    const mismatches: string[] = [];
    for (let i = 0; i < all.length; i += 8192) {
      const chunk = all.slice(i, i + 8192);
      const { rows } = await ctx.runtime.pool.query<{ f: string[] }>('select array_agg(firemark_search_fold(c) order by n) as f from unnest($1::text[]) with ordinality as u(c, n)', [chunk]);
      rows[0]!.f.forEach((folded, j) => {
        if (folded !== searchFold(chunk[j]!)) mismatches.push(`U+${chunk[j]!.codePointAt(0)!.toString(16)}`);
      });
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
    const { rows } = await ctx.runtime.pool.query<{ f: string }>('select firemark_search_fold($1) as f', ['ČELÁKOVICE, DŮM; Straße, ΣΟΦΙΑ, МОСКВА, Łódź, Ørsted']);
    expect(rows[0]!.f).toBe('celakovice, dum; strasse, σοφια, москва, lodz, orsted');
  });

  it('answers a search of a large portfolio from the trigram index, not by folding every row', async () => {
    const client = await ctx.runtime.pool.connect();
    try {
      await client.query('begin');
      // With sequential scans ruled out, the plan shows which index can answer the search.
      await client.query('set local enable_seqscan = off');
      const plan = (await client.query(`explain select id from properties p where p.search_name like firemark_search_pattern('čelákovice') or p.search_address like firemark_search_pattern('čelákovice')`)).rows
        .map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain('properties_search_name_trgm_idx');
      expect(plan).toContain('properties_search_address_trgm_idx');
      await client.query('rollback');
    } finally {
      client.release();
    }
  });
});
