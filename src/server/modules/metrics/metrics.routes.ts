import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, type ApiErrorBody } from '@shared/api-error';
import type { Metrics } from '../../metrics';

export interface MetricsRouteOptions {
  metrics: Metrics;
  /** METRICS_TOKEN: asked for as `Authorization: Bearer <token>`. */
  token?: string;
  /**
   * Served without a token: the listener bound to METRICS_HOST:METRICS_PORT, whose address is
   * its protection. On the app's own port it is never open: no token there means a 404.
   */
  open: boolean;
}

const BEARER = /^Bearer[ \t]+(\S+)\s*$/i;

function sameToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(BEARER.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** /metrics in Prometheus text format, for a scraper, never for the public (docs/deploy.md, "Metrics"). */
export async function metricsRoutes(app: FastifyInstance, options: MetricsRouteOptions): Promise<void> {
  // Declared even when off: otherwise the app's page would answer it.
  app.get('/metrics', async (request, reply) => {
    const { token, open, metrics } = options;
    if (!token && !open) return reply.status(404).send({ message: 'Not found', code: ERROR_CODES.notFound } satisfies ApiErrorBody);
    if (token && !sameToken(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .send({ message: 'The metrics need the token set in METRICS_TOKEN, sent as Authorization: Bearer <token>.', code: ERROR_CODES.unauthenticated } satisfies ApiErrorBody);
    }
    return reply.header('Cache-Control', 'no-store').type(metrics.contentType).send(await metrics.text());
  });
}
