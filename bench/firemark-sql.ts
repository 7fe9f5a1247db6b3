/**
 * Firemark's own SQL for the compared endpoints, as text and parameters, so the Express peer
 * runs exactly what Firemark runs. Captured by calling Firemark's query functions on a handle
 * that records instead of executing; the account and the day are placeholders filled per request.
 */
import { wholeOrganization } from '../src/server/access';
import type { Db } from '../src/server/db/client';
import { dashboardStats } from '../src/server/modules/dashboard/dashboard.queries';
import { countInspections, listInspectionsPage } from '../src/server/modules/inspections/inspections.queries';
import { countProperties, listPropertiesPage } from '../src/server/modules/properties/properties.queries';

const ACCOUNT = -424242;
/** An owner's reach: every property, so the statements are the ones most requests run. */
const REACH = wholeOrganization(ACCOUNT);
const DAY = '1901-01-01';

export interface Statement {
  text: string;
  values: unknown[];
}

async function capture(run: (db: Db) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const recorder = {
    $client: {
      query: async (config: { text: string; values: unknown[] }) => {
        statements.push({ text: config.text, values: config.values });
        return { rows: [] };
      },
    },
  } as unknown as Db;
  await run(recorder);
  return statements;
}

/** The statement's values for one account and day. */
export function bind(statement: Statement, userId: number, today: string): unknown[] {
  return statement.values.map((v) => (v === ACCOUNT ? userId : v === DAY ? today : v));
}

export interface EndpointSql {
  /** Statements run together; the first gives the rows, the second (if any) the total. */
  statements: Statement[];
  kind: 'one' | 'list';
}

export async function firemarkSql(): Promise<Record<string, EndpointSql>> {
  const propertyFilter = { sort: 'created_desc' as const, limit: 20, offset: 0 };
  const nonCompliant = { ...propertyFilter, status: 'non_compliant' as const };
  const upcoming = { sort: 'due_asc' as const, limit: 20, offset: 0, upcoming: true };
  const list = async (page: (db: Db) => Promise<unknown>, count: (db: Db) => Promise<unknown>): Promise<EndpointSql> => ({
    statements: [...(await capture(page)), ...(await capture(count))],
    kind: 'list',
  });
  return {
    '/api/dashboard/stats': { statements: await capture((db) => dashboardStats(db, REACH, DAY)), kind: 'one' },
    '/api/properties?limit=20': await list(
      (db) => listPropertiesPage(db, REACH, propertyFilter, DAY),
      (db) => countProperties(db, REACH, propertyFilter, DAY),
    ),
    '/api/properties?limit=20&status=non_compliant': await list(
      (db) => listPropertiesPage(db, REACH, nonCompliant, DAY),
      (db) => countProperties(db, REACH, nonCompliant, DAY),
    ),
    '/api/inspections/upcoming?limit=20': await list(
      (db) => listInspectionsPage(db, REACH, upcoming, DAY),
      (db) => countInspections(db, REACH, upcoming, DAY),
    ),
  };
}
