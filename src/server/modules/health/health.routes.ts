import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/**
 * /healthz: the process answers. /readyz: and its database does too, and it is not stopping
 * (for load balancers: a stopping instance answers 503 while it finishes what is in flight).
 */
export async function healthRoutes(app: FastifyInstance, deps: { pool: pg.Pool; stopping?: () => boolean }): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    if (deps.stopping?.()) {
      return reply.status(503).send({ status: 'stopping', message: 'This instance is shutting down; it finishes the requests it has.' });
    }
    try {
      await deps.pool.query('select 1');
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'The database is not reachable.' });
    }
  });
}
