import pg from 'pg';
import { cacheLookups, Latencies } from './latency';

export const MISSED_ENDPOINTS = [
  '/api/dashboard/stats',
  '/api/properties?limit=20',
  '/api/inspections/upcoming?limit=20',
  // The Insight figures (docs/insight.md), each its own call.
  '/api/insight/compliance-trend',
  '/api/insight/on-time',
  '/api/insight/deficiency-age',
  '/api/insight/workload',
  '/api/insight/attention',
];
const CONNECTIONS = 10;

export interface CacheMissRow {
  endpoint: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  requests: number;
  'misses %': number;
  errors: number;
}

/**
 * The first read after a write, again and again: before each request its connection raises the
 * organisation's data version (what every write does, cache/account-cache.ts), so the answer the
 * server remembers is stale and it computes the answer again. 10 connections, each waiting for
 * its answer before the next write and read. Only the read is timed. Two connections may still
 * meet on one version (one's read lands after the other's answer was stored), so the share of
 * reads that really missed is counted from the server's /metrics and shown beside the figures.
 */
export async function measureCacheMisses(options: {
  url: string;
  databaseUrl: string;
  organizationId: number;
  cookie: string;
  metricsToken: string;
  durationSeconds: number;
  /** Fewer endpoints than all of MISSED_ENDPOINTS, to measure one change quickly. */
  endpoints?: readonly string[];
}): Promise<CacheMissRow[]> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: CONNECTIONS });
  const rows: CacheMissRow[] = [];
  try {
    for (const endpoint of options.endpoints ?? MISSED_ENDPOINTS) {
      const run = async (seconds: number) => {
        const latencies = new Latencies();
        let errors = 0;
        const before = await cacheLookups(options.url, options.metricsToken);
        const ends = performance.now() + seconds * 1000;
        const started = performance.now();
        await Promise.all(
          Array.from({ length: CONNECTIONS }, async () => {
            while (performance.now() < ends) {
              await pool.query('update organizations set data_version = data_version + 1 where id = $1', [options.organizationId]);
              const sent = performance.now();
              const response = await fetch(`${options.url}${endpoint}`, { headers: { cookie: options.cookie } });
              await response.arrayBuffer();
              latencies.add(performance.now() - sent);
              if (!response.ok) errors++;
            }
          }),
        );
        const elapsed = (performance.now() - started) / 1000;
        const after = await cacheLookups(options.url, options.metricsToken);
        // The properties list and upcoming each look up one page (with its total) a request.
        const lookups = after.hit + after.miss - before.hit - before.miss;
        return { latencies, errors, elapsed, missShare: lookups ? (after.miss - before.miss) / lookups : 0 };
      };
      await run(1); // warm-up: compiled code and PostgreSQL's buffers, as in compare.ts
      const { latencies, errors, elapsed, missShare } = await run(options.durationSeconds);
      rows.push({
        endpoint,
        'req/s': Math.round(latencies.count / elapsed),
        'p50 ms': latencies.percentile(50),
        'p99 ms': latencies.percentile(99),
        requests: latencies.count,
        'misses %': Math.round(missShare * 1000) / 10,
        errors,
      });
    }
  } finally {
    await pool.end();
  }
  return rows;
}
