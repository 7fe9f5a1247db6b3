import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_TEMPLATE, rowsFromCells, validateCsvRows } from '@shared/csv-import';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { grantPro } from '../subscription/subscription.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** What the import dialog does with a file's text before it calls the API. */
function readCsv(text: string) {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const { rows, error } = rowsFromCells(parsed.data);
  if (error) return { error, properties: [], errors: [] as string[], rows };
  return { ...validateCsvRows(rows), rows };
}

async function proAgent() {
  const session = await ctx.signedIn();
  await grantPro(ctx.runtime.db, session.user.username);
  return session;
}

describe('reading real CSV files', () => {
  it('reads the template, with a BOM, CRLF line endings and blank trailing lines', () => {
    const result = readCsv(`\uFEFF${CSV_TEMPLATE}\r\n\r\n\r\n`);
    expect(result.errors).toEqual([]);
    expect(result.properties).toHaveLength(2);
    expect(result.properties[1]).toMatchObject({ name: 'Maple Street Apartments', addressLine2: null, country: 'ca', propertyType: 'residential' });
  });

  it('reads quoted fields with commas, quotes and line breaks, and loose headers', () => {
    const text = [
      'Name,Address Line 1,ADDRESS_LINE2,city,State,ZIP,Property Type,Manager Email',
      '"Smith, Jones & Co","1 Main St","Floor 2\nRear entrance",Austin,TX,73301,Health Care,a@example.com',
      '"The ""Old"" Mill",2 Mill Rd,,Austin,TX,73301,castle,b@example.com',
    ].join('\r\n');
    const result = readCsv(text);
    expect(result.errors).toEqual([]);
    expect(result.properties[0]).toMatchObject({ name: 'Smith, Jones & Co', addressLine2: 'Floor 2\nRear entrance', propertyType: 'healthcare', country: 'us' });
    // Unknown types become other (SPEC).
    expect(result.properties[1]).toMatchObject({ name: 'The "Old" Mill', propertyType: 'other' });
  });

  it("reads Excel's semicolon-free export with trailing empty columns", () => {
    const text = 'name,addressLine1,city,state,zip,propertyType,managerEmail,,\r\nDepot,5 Rail Way,Reno,NV,89501,industrial,d@example.com,,\r\n,,,,,,,,\r\n';
    expect(readCsv(text).properties).toHaveLength(1);
  });

  it("names missing columns and each row's missing values (SPEC)", () => {
    expect(readCsv('name,city\nA,B').error).toBe('Missing required columns: addressLine1, state, zip, propertyType, managerEmail');
    expect(readCsv('name,addressLine1,city,state,zip,propertyType,managerEmail').error).toBe('CSV must have at least a header row and one data row');
    const result = readCsv('name,addressLine1,city,state,zip,propertyType,managerEmail\nA,1 St,,IL,,retail,a@example.com\nB,2 St,C,IL,62701,retail,not-mail\nD,4 St,C,IL,62701,,d@example.com');
    expect(result.errors).toEqual(['Row 2: Missing city, zip', 'Row 3: Invalid email address', 'Row 4: Missing propertyType']);
  });
});

describe('POST /api/properties/bulk-import', () => {
  it('imports every row in one go and records the import', async () => {
    const { agent, user } = await proAgent();
    const { rows } = readCsv(CSV_TEMPLATE);
    const res = await agent.post('/api/properties/bulk-import', { filename: 'portfolio.csv', properties: rows });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ importedCount: 2, message: 'Imported 2 properties.' });
    expect((await agent.get('/api/properties')).json()).toHaveLength(2);
    const record = await ctx.runtime.pool.query('select filename, total_rows, imported_count, status from csv_imports where organization_id = $1', [user.id]);
    expect(record.rows).toEqual([{ filename: 'portfolio.csv', total_rows: 2, imported_count: 2, status: 'completed' }]);
  });

  it('imports 5,000 rows', async () => {
    const { agent } = await proAgent();
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      name: `Unit ${i}`, addressLine1: `${i} Long Road`, city: 'Dallas', state: 'TX', zip: '75201', propertyType: 'residential', managerEmail: `m${i}@example.com`,
    }));
    const res = await agent.post('/api/properties/bulk-import', { filename: 'big.csv', properties: rows });
    expect(res.statusCode).toBe(201);
    expect(res.json().importedCount).toBe(5000);
    expect((await agent.get('/api/properties?limit=1')).headers['x-total-count']).toBe('5000');
  });

  it('re-validates on the server: one bad row in the middle leaves nothing imported', async () => {
    const { agent, user } = await proAgent();
    const rows = Array.from({ length: 9 }, (_, i) => ({
      name: `Row ${i}`, addressLine1: '1 St', city: i === 4 ? '' : 'Reno', state: 'NV', zip: '89501', propertyType: 'retail', managerEmail: 'x@example.com',
    }));
    const res = await agent.post('/api/properties/bulk-import', { filename: 'bad.csv', properties: rows });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Row 6: Missing city');
    expect(res.json().fieldErrors.properties).toEqual(['Row 6: Missing city']);
    expect((await agent.get('/api/properties')).json()).toEqual([]);
    const record = await ctx.runtime.pool.query('select status, error_count, error_details from csv_imports where organization_id = $1', [user.id]);
    expect(record.rows).toEqual([{ status: 'failed', error_count: 1, error_details: ['Row 6: Missing city'] }]);
  });

  it('counts every row against the free limit', async () => {
    const { agent } = await ctx.signedIn();
    const { rows } = readCsv(CSV_TEMPLATE);
    const res = await agent.post('/api/properties/bulk-import', { filename: 'two.csv', properties: rows });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PLAN_LIMIT_REACHED');
    expect((await agent.get('/api/properties')).json()).toEqual([]);
    const one = await agent.post('/api/properties/bulk-import', { filename: 'one.csv', properties: rows.slice(0, 1) });
    expect(one.statusCode).toBe(201);
  });

  it('answers cells that are not text with 400 and records the failed import', async () => {
    const { agent, user } = await proAgent();
    const res = await agent.post('/api/properties/bulk-import', { filename: 'odd.csv', properties: [{ name: true, addressLine1: 5 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.properties).toEqual(['Row 2: Missing name, addressLine1, city, state, zip, propertyType, managerEmail']);
    const record = await ctx.runtime.pool.query('select status from csv_imports where organization_id = $1', [user.id]);
    expect(record.rows).toEqual([{ status: 'failed' }]);
  });

  it('refuses a cell that holds a list or an object as it reads the body, with the row named', async () => {
    const { agent, user } = await proAgent();
    const res = await agent.post('/api/properties/bulk-import', { filename: 'odd.csv', properties: [{ name: 'A' }, { name: { toString: 1 } }, [1]] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ 'properties.1.name': ['Each cell must be text'], 'properties.2': ['Each row must be an object of cells'] });
    // Not an import attempt: the body was not a list of rows.
    expect((await ctx.runtime.pool.query('select 1 from csv_imports where organization_id = $1', [user.id])).rowCount).toBe(0);
  });

  it('refuses 300 arrays nested 3,000 deep with a 400, and a single one 3,500 deep too (it was a stack overflow)', async () => {
    const { agent } = await ctx.signedIn();
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const hostile = `{"filename":"x.csv","properties":[${Array.from({ length: 300 }, () => nested(3000)).join(',')}]}`;
    expect(hostile.length).toBeGreaterThan(1_800_000);
    const flood = agent.request({ method: 'POST', url: '/api/properties/bulk-import', payload: hostile, headers: { 'content-type': 'application/json' } });
    // The server keeps answering others while it refuses the body.
    const health = ctx.app.inject({ method: 'GET', url: '/healthz' });
    const [refused, healthy] = await Promise.all([flood, health]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'The request body is nested too deeply.', code: 'VALIDATION_FAILED' });
    expect(healthy.statusCode).toBe(200);

    const deep = await agent.request({ method: 'POST', url: '/api/properties/bulk-import', payload: `{"properties":[${nested(3500)}]}`, headers: { 'content-type': 'application/json' } });
    expect(deep.statusCode).toBe(400);
  });

  it('refuses input nested deeper than any form on every endpoint with a 400, never a 500', async () => {
    const { agent } = await ctx.signedIn();
    // Built as text: JSON.stringify itself would overflow the stack on it.
    const deep = `${'{"a":'.repeat(5000)}"x"${'}'.repeat(5000)}`;
    for (const [url, field] of [
      ['/api/properties', 'name'],
      ['/api/support/submit', 'subject'],
      ['/api/inspections', 'notes'],
    ] as const) {
      const res = await agent.request({ method: 'POST', url, payload: `{"${field}":${deep}}`, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('leaves no import "processing" when the database connection dies in the middle of one', async () => {
    const { agent, user } = await proAgent();
    const rows = Array.from({ length: 50 }, (_, i) => ({
      name: `Tower ${i}`, addressLine1: `${i} High St`, city: 'Leeds', state: 'WY', zip: '82001', propertyType: 'residential', managerEmail: 'pm@example.com',
    }));
    // Another session holds a lock that makes the import's insert wait, mid-transaction.
    const blocker = await ctx.runtime.pool.connect();
    await blocker.query('begin');
    await blocker.query('lock table properties in share row exclusive mode');
    const pending = agent.post('/api/properties/bulk-import', { filename: 'crash.csv', properties: rows });
    let importPid: number | undefined;
    while (!importPid) {
      const waiting = await ctx.runtime.pool.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike 'insert into "properties"%'`,
      );
      importPid = waiting.rows[0]?.pid;
    }
    // While it runs, nobody sees an unfinished import.
    const during = await ctx.runtime.pool.query('select status from csv_imports where organization_id = $1', [user.id]);
    expect(during.rows).toEqual([]);
    // The "crash": its connection is killed.
    await ctx.runtime.pool.query('select pg_terminate_backend($1)', [importPid]);
    await blocker.query('rollback');
    blocker.release();
    expect((await pending).statusCode).toBeGreaterThanOrEqual(500);
    const after = await ctx.runtime.pool.query("select status from csv_imports where organization_id = $1 and status <> 'failed'", [user.id]);
    expect(after.rows).toEqual([]);
    expect((await agent.get('/api/properties')).json()).toEqual([]);
  });

  it('refuses an empty list and signed-out callers', async () => {
    const { agent } = await ctx.signedIn();
    const empty = await agent.post('/api/properties/bulk-import', { filename: 'x.csv', properties: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ properties: ['CSV must have at least a header row and one data row'] });
    expect((await ctx.agent().post('/api/properties/bulk-import', { properties: [{}] })).statusCode).toBe(401);
  });
});
