import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { ERROR_CODES, type ApiErrorBody } from '@shared/api-error';
import type { Drain } from './drain';
import type { Metrics } from './metrics';
import { healthRoutes } from './modules/health/health.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import type pg from 'pg';

export interface ProbeAppOptions {
  pool: pg.Pool;
  drain: Drain;
  metrics: Metrics;
  /** METRICS_TOKEN, asked for on /metrics when set. */
  token?: string;
  /** /metrics without a token (a listener on an address of its own, METRICS_HOST). */
  open: boolean;
  logger?: FastifyServerOptions['logger'];
}

/**
 * The small HTTP listener of a process that serves no pages: /healthz, /readyz and /metrics
 * only. A worker answers on it (its port for a service manager's checks), and so does the
 * METRICS_PORT listener beside any process.
 */
export async function buildProbeApp(options: ProbeAppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  options.drain.track(app);
  await app.register(healthRoutes, { pool: options.pool, stopping: () => options.drain.stopping });
  await app.register(metricsRoutes, { metrics: options.metrics, token: options.token, open: options.open });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found', code: ERROR_CODES.notFound } satisfies ApiErrorBody));
  return app;
}
