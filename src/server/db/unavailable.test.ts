import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { unusedPort } from '../testing/unused-port';
import { isDatabaseDiskFull, isDatabaseUnavailable } from './unavailable';

const withCode = (code: string, message = 'server said no') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a query that could not reach the server, as Drizzle reports it', async () => {
    const pool = new pg.Pool({ connectionString: `postgres://nobody:secret@127.0.0.1:${await unusedPort()}/none` });
    const error = await drizzle(pool)
      .execute(sql`select ${'a-session-token-hash'}`)
      .catch((e: unknown) => e);
    await pool.end();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['connection failure (class 08)', withCode('08006')],
    ['server shutting down', withCode('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown', withCode('57P02')],
    ['server starting up', withCode('57P03', 'the database system is starting up')],
    ['too many connections', withCode('53300')],
    ['connection refused', withCode('ECONNREFUSED')],
    ['connection reset', withCode('ECONNRESET')],
    ['network timeout', withCode('ETIMEDOUT')],
    ['broken pipe', withCode('EPIPE')],
    ['full pool or silent host', new Error('timeout exceeded when trying to connect')],
    ['lost connection', new Error('Connection terminated unexpectedly')],
    ['connect timeout', new Error('Connection terminated due to connection timeout')],
    ['wrapped by the ORM', new Error('Failed query: select 1\nparams: ', { cause: withCode('ECONNREFUSED') })],
    ['several addresses refused', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
  ])('a %s is unavailability (503)', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['syntax error', withCode('42601')],
    ['unique violation', withCode('23505')],
    ['serialization failure', withCode('40001')],
    ['plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['wrapped query bug', new Error('Failed query: select x\nparams: ', { cause: withCode('42703', 'column "x" does not exist') })],
    ['non-error', 'Connection terminated'],
    ['nothing', undefined],
  ])('a %s is not (500)', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('does not loop on a cause that points back at itself', () => {
    const error = new Error('odd') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('isDatabaseDiskFull', () => {
  it('recognises a full disk through the wrapper Drizzle puts around the driver error', () => {
    const driver = Object.assign(new Error('could not extend file "base/16384/16500": No space left on device'), { code: '53100' });
    expect(isDatabaseDiskFull(new Error('Failed query: insert into "properties" ...', { cause: driver }))).toBe(true);
    expect(isDatabaseDiskFull(driver)).toBe(true);
    expect(isDatabaseUnavailable(driver)).toBe(false);
    expect(isDatabaseDiskFull(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });
});
