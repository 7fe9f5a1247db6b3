import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics (docs/deploy.md, "Metrics"). Two kinds:
 * - counters that any module may increment, for the whole process (below: storage errors,
 *   answer-cache lookups), so that code far from HTTP needs only this import;
 * - what belongs to one app and its database (createMetrics): requests by route, the pool,
 *   job queues and the mail outbox, read from the database when /metrics is asked.
 */
const processRegistry = new Registry();

/**
 * A photo or report PDF that the file store (disk or object store) failed to write, read,
 * delete or list. `operation` is put, get, delete or list (files/file-stores.ts).
 */
export const storageErrors = new Counter({
  name: 'firemark_storage_errors_total',
  help: 'File store operations (disk or object store) that failed, by operation.',
  labelNames: ['operation'] as const,
  registers: [processRegistry],
});

/** Lookups in the per-organisation answer cache (cache/account-cache.ts): the hit rate is hit / (hit + miss). */
export const answerCacheLookups = new Counter({
  name: 'firemark_answer_cache_lookups_total',
  help: 'Lookups in the answer cache of dashboard counts and list pages, by result (hit or miss).',
  labelNames: ['result'] as const,
  registers: [processRegistry],
});

let processMetricsStarted = false;

export interface Metrics {
  /** The Content-Type of `text()`. */
  contentType: string;
  /** Everything in Prometheus text format, database figures read now. */
  text(): Promise<string>;
  /** Counts every answer of this app by route pattern and status class, and times it. */
  observeRequests(app: FastifyInstance): void;
}

/** The figures that come from the database, read once per scrape. */
const QUEUE_SQL = `
  select q.name as queue,
         count(j.id) filter (where j.state < 'active')::int as waiting,
         count(j.id) filter (where j.state = 'active')::int as active,
         coalesce(extract(epoch from now() - min(j.created_on) filter (where j.state < 'active' and j.start_after <= now())), 0)::float8 as oldest
    from pgboss.queue q
    left join pgboss.job j on j.name = q.name and j.state <= 'active'
   group by q.name`;
const OUTBOX_SQL = `
  select count(*) filter (where status = 'pending')::int as pending,
         count(*) filter (where status = 'held')::int as held,
         coalesce(extract(epoch from now() - min(created_at) filter (where status = 'pending')), 0)::float8 as oldest
    from email_outbox
   where status in ('pending', 'held')`;

/** Status classes, not codes: a handful of series per route, whatever the app answers. */
const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

export function createMetrics(deps: { pool: pg.Pool; log?: { warn(details: object, message: string): void } }): Metrics {
  if (!processMetricsStarted) {
    processMetricsStarted = true;
    // CPU, memory, event-loop delay, garbage collection: the process's own health.
    collectDefaultMetrics({ register: processRegistry });
  }
  const registry = new Registry();
  const { pool } = deps;

  const duration = new Histogram({
    name: 'firemark_http_request_duration_seconds',
    help: 'Time to answer a request, by method and route pattern (never the URL with its ids).',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const responses = new Counter({
    name: 'firemark_http_responses_total',
    help: 'Answers by method, route pattern and status class (2xx, 4xx, 5xx ...); the error rate is the 5xx share.',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  });

  new Gauge({ name: 'firemark_db_pool_connections', help: 'Connections the database pool holds, open or idle.', registers: [registry], collect() { this.set(pool.totalCount); } });
  new Gauge({ name: 'firemark_db_pool_idle_connections', help: 'Connections of the pool that are idle.', registers: [registry], collect() { this.set(pool.idleCount); } });
  new Gauge({ name: 'firemark_db_pool_waiting_requests', help: 'Queries waiting for a free connection of the pool.', registers: [registry], collect() { this.set(pool.waitingCount); } });

  const queueDepth = new Gauge({
    name: 'firemark_job_queue_depth',
    help: 'Jobs per queue, waiting (created or retry) or active; the same on every instance (one database): aggregate with max.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });
  const queueAge = new Gauge({
    name: 'firemark_job_queue_oldest_waiting_seconds',
    help: 'Age of the oldest job of the queue that is due and not yet taken by a worker (0 when none).',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const outboxDepth = new Gauge({
    name: 'firemark_mail_outbox_depth',
    help: 'E-mails in the outbox not yet delivered: pending (to be sent) or held (waiting for an address to be confirmed).',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const outboxAge = new Gauge({
    name: 'firemark_mail_outbox_oldest_pending_seconds',
    help: 'Age of the oldest pending e-mail in the outbox (0 when none).',
    registers: [registry],
  });

  /** Queue and outbox figures, read fresh; when the database does not answer they are left out, not stale. */
  async function readDatabaseFigures(): Promise<void> {
    for (const gauge of [queueDepth, queueAge, outboxDepth, outboxAge]) gauge.reset();
    try {
      const [queues, outbox] = await Promise.all([
        pool.query<{ queue: string; waiting: number; active: number; oldest: number }>(QUEUE_SQL),
        pool.query<{ pending: number; held: number; oldest: number }>(OUTBOX_SQL),
      ]);
      for (const q of queues.rows) {
        queueDepth.set({ queue: q.queue, state: 'waiting' }, q.waiting);
        queueDepth.set({ queue: q.queue, state: 'active' }, q.active);
        queueAge.set({ queue: q.queue }, q.oldest);
      }
      const row = outbox.rows[0]!;
      outboxDepth.set({ status: 'pending' }, row.pending);
      outboxDepth.set({ status: 'held' }, row.held);
      outboxAge.set(row.oldest);
    } catch (error) {
      deps.log?.warn({ err: error }, 'Metrics: the job queue and outbox figures could not be read');
    }
  }

  return {
    contentType: registry.contentType,
    async text() {
      await readDatabaseFigures();
      return (await processRegistry.metrics()) + (await registry.metrics());
    },
    observeRequests(app) {
      app.addHook('onResponse', async (request, reply) => {
        // The pattern the router matched (/api/properties/:id); answers no route matched share one label.
        const route = request.routeOptions.url ?? 'unmatched';
        const labels = { method: request.method, route };
        duration.observe(labels, reply.elapsedTime / 1000);
        responses.inc({ ...labels, status_class: statusClass(reply.statusCode) });
      });
    },
  };
}
