import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/** /healthz: the process answers. /readyz: and its database does too (for load balancers). */
export async function healthRoutes(app: FastifyInstance, deps: { pool: pg.Pool }): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await deps.pool.query('select 1');
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'The database is not reachable.' });
    }
  });
}
