import http from 'node:http';
import autocannon, { type Request } from 'autocannon';
import pg from 'pg';
import { todayInTimeZone } from '../../src/shared/dates';

export const MIXED_CONNECTIONS = 50;
const READS = ['/api/dashboard/stats', '/api/properties?limit=20', '/api/inspections/upcoming?limit=20'];
/** One write, then nine reads: 90 % reads and 10 % writes on every connection. */
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
 * The open inspections of the organisations, each given to at most one write. One pool for
 * every run against every server (they share the database): an inspection taken once is never
 * taken again, even if its write was still queued at a server when its run ended. A reschedule
 * leaves its inspection open and gives it back once answered. `refresh` adds the inspections
 * opened since (the next ones the completions scheduled).
 */
export class OpenInspections {
  private readonly open = new Map<number, number[]>();
  private readonly taken = new Set<number>();

  constructor(
    private readonly databaseUrl: string,
    private readonly organizationIds: number[],
  ) {}

  async refresh(): Promise<this> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ organization_id: number; id: number }>(
        `select organization_id, id from inspections where organization_id = any($1) and status = 'scheduled' order by organization_id, due_date desc, id`,
        [this.organizationIds],
      );
      this.open.clear();
      for (const row of rows) {
        if (this.taken.has(row.id)) continue;
        const list = this.open.get(row.organization_id) ?? [];
        list.push(row.id);
        this.open.set(row.organization_id, list);
      }
      return this;
    } finally {
      await client.end();
    }
  }

  take(organizationId: number): number | undefined {
    const id = this.open.get(organizationId)?.shift();
    if (id !== undefined) this.taken.add(id);
    return id;
  }

  giveBack(organizationId: number, id: number): void {
    this.taken.delete(id);
    this.open.get(organizationId)?.push(id);
  }
}

/**
 * Waits until the server has answered what it still had queued when the load stopped (a request
 * sent now is answered after them), so that a run does not pay for the one before it. `times`:
 * once per instance behind a round-robin proxy.
 */
export async function drained(url: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) {
    // A connection of its own each time (no keep-alive), which the proxy gives to the next instance.
    await new Promise<void>((resolve, reject) => {
      http.get(`${url}/healthz`, { agent: false }, (response) => response.resume().on('end', resolve)).on('error', reject);
    });
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
 * one write (in turn: complete an open inspection, reschedule one, complete one with a
 * deficiency) and nine reads (dashboard, properties, upcoming, three times). `origin` is sent
 * with the writes, as a browser of the app sends it.
 */
export async function runMixedLoad(options: {
  url: string;
  origin?: string;
  sessions: Session[];
  open: OpenInspections;
  durationSeconds: number;
  /** How many instances answer at `url` (behind a round-robin proxy), 1 by default. */
  instances?: number;
  /** Where the first few answers that were not 2xx go (the request, status and body), to say why. */
  failures?: string[];
}): Promise<MixedResult> {
  let nextSession = 0;
  let nextWrite = 0;
  let writes = 0;
  type Context = { session?: Session; rescheduled?: number; write?: string };
  const note = (what: string, status: number, body: string) => {
    if (status >= 300 && options.failures && options.failures.length < 20) options.failures.push(`${what}: ${status} ${body.slice(0, 300)}`);
  };
  const read = (path: string): Request => ({
    method: 'GET',
    path,
    setupRequest: (request, c) => ({ ...request, path, headers: { cookie: (c as Context).session!.cookie } }),
    onResponse: (status, body) => note(`GET ${path}`, status, body),
  });
  // The write first, so that even a short run writes on every connection; the round's reads follow it.
  const requests: Request[] = [];
  requests.push({
    method: 'PUT',
    path: '/api/inspections/0',
    setupRequest: (request, c) => {
      const context = c as Context;
      const session = (context.session = options.sessions[nextSession++ % options.sessions.length]!);
      const kind = WRITES[nextWrite++ % WRITES.length]!;
      const id = options.open.take(session.organizationId);
      if (id === undefined) throw new Error(`Organisation ${session.organizationId} has no open inspection left: seed more, or run shorter`);
      // Open again once answered, for a later write; not before, or two writes could meet on it.
      if (kind === 'reschedule') context.rescheduled = id;
      context.write = `${kind} PUT /api/inspections/${id}`;
      writes++;
      return {
        ...request,
        path: `/api/inspections/${id}`,
        headers: { cookie: session.cookie, 'content-type': 'application/json', ...(options.origin ? { origin: options.origin } : {}) },
        body: JSON.stringify(writeBody(kind)),
      };
    },
    onResponse: (status, body, c) => {
      const context = c as Context;
      note(context.write!, status, body);
      if (context.rescheduled !== undefined) options.open.giveBack(context.session!.organizationId, context.rescheduled);
    },
  });
  for (let i = 0; i < READS_PER_WRITE; i++) requests.push(read(READS[i % READS.length]!));
  const result = await autocannon({ url: options.url, connections: MIXED_CONNECTIONS, duration: options.durationSeconds, requests });
  await drained(options.url, options.instances);
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
