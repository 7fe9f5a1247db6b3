import autocannon, { type Request } from 'autocannon';
import pg from 'pg';
import { todayInTimeZone } from '../../src/shared/dates';

export const MIXED_CONNECTIONS = 50;
const READS = ['/api/dashboard/stats', '/api/properties?limit=20', '/api/inspections/upcoming?limit=20'];
/** Nine reads, then one write: 90 % reads and 10 % writes on every connection. */
const READS_PER_WRITE = 9;
const WRITES = ['complete', 'reschedule', 'deficiency'] as const;

export interface Session {
  organizationId: number;
  cookie: string;
}

export interface MixedResult {
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  requests: number;
  writes: number;
  'non-2xx': number;
  errors: number;
  timeouts: number;
}

/**
 * The open inspections of the organisations, each to be completed at most once. One pool for
 * every run against every server (they share the database), so no run completes an inspection
 * another run completed; a reschedule leaves its inspection open and puts it back.
 */
export class OpenInspections {
  private readonly open = new Map<number, number[]>();

  static async load(databaseUrl: string, organizationIds: number[]): Promise<OpenInspections> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ organization_id: number; id: number }>(
        `select organization_id, id from inspections where organization_id = any($1) and status = 'scheduled' order by organization_id, due_date desc, id`,
        [organizationIds],
      );
      const pool = new OpenInspections();
      for (const row of rows) {
        const list = pool.open.get(row.organization_id) ?? [];
        list.push(row.id);
        pool.open.set(row.organization_id, list);
      }
      return pool;
    } finally {
      await client.end();
    }
  }

  take(organizationId: number): number | undefined {
    return this.open.get(organizationId)?.shift();
  }

  giveBack(organizationId: number, id: number): void {
    this.open.get(organizationId)?.push(id);
  }
}

function writeBody(kind: (typeof WRITES)[number]): Record<string, unknown> {
  if (kind === 'complete') return { status: 'completed', complianceStatus: 'compliant' };
  if (kind === 'reschedule') {
    const day = new Date(Date.now() + 30 * 86_400_000);
    return { dueDate: todayInTimeZone('UTC', day), rescheduleReason: 'Tenant asked for a later visit' };
  }
  return {
    status: 'completed',
    complianceStatus: 'non_compliant',
    notes: 'One finding',
    deficiencies: [{ description: 'Extinguisher pressure gauge in the red', severity: 'non_critical', location: 'Stair B, level 2' }],
  };
}

/**
 * 50 connections, each taking the next of the sessions (one an organisation) for each round of
 * nine reads (dashboard, properties, upcoming, three times) and one write (in turn: complete an
 * open inspection, reschedule one, complete one with a deficiency). `origin` is sent with the
 * writes, as a browser of the app sends it.
 */
export async function runMixedLoad(options: { url: string; origin?: string; sessions: Session[]; open: OpenInspections; durationSeconds: number }): Promise<MixedResult> {
  let nextSession = 0;
  let nextWrite = 0;
  let writes = 0;
  type Context = { session?: Session; rescheduled?: number };
  const read = (path: string, first: boolean): Request => ({
    method: 'GET',
    path,
    setupRequest: (request, c) => {
      const context = c as Context;
      if (first) context.session = options.sessions[nextSession++ % options.sessions.length];
      return { ...request, path, headers: { cookie: context.session!.cookie } };
    },
  });
  const requests: Request[] = [];
  for (let i = 0; i < READS_PER_WRITE; i++) requests.push(read(READS[i % READS.length]!, i === 0));
  requests.push({
    method: 'PUT',
    path: '/api/inspections/0',
    setupRequest: (request, c) => {
      const context = c as Context;
      const session = context.session!;
      const kind = WRITES[nextWrite++ % WRITES.length]!;
      const id = options.open.take(session.organizationId);
      if (id === undefined) throw new Error(`Organisation ${session.organizationId} has no open inspection left: seed more, or run shorter`);
      // Open again once answered, for a later write; not before, or two writes could meet on it.
      if (kind === 'reschedule') context.rescheduled = id;
      writes++;
      return {
        ...request,
        path: `/api/inspections/${id}`,
        headers: { cookie: session.cookie, 'content-type': 'application/json', ...(options.origin ? { origin: options.origin } : {}) },
        body: JSON.stringify(writeBody(kind)),
      };
    },
    onResponse: (_status, _body, c) => {
      const context = c as Context;
      if (context.rescheduled !== undefined) options.open.giveBack(context.session!.organizationId, context.rescheduled);
    },
  });
  const result = await autocannon({ url: options.url, connections: MIXED_CONNECTIONS, duration: options.durationSeconds, requests });
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    writes,
    'non-2xx': result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
