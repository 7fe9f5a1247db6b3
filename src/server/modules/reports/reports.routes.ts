import type { FastifyInstance } from 'fastify';
import { pagingSchema, TOTAL_COUNT_HEADER } from '@shared/schemas/list';
import { requireUser } from '../../plugins/auth';
import { parse, parseId } from '../../validation';
import { assertPropertyExists, type PropertiesDeps } from '../properties/properties.service';
import { listPropertyReports } from './reports.queries';

export async function reportsRoutes(app: FastifyInstance, deps: PropertiesDeps): Promise<void> {
  // Paged like every list (DECISIONS "Lists"): limit/offset in, X-Total-Count out.
  app.get('/api/properties/:id/reports', async (request, reply) => {
    const user = requireUser(request);
    const id = parseId(request.params, 'Property not found');
    const { limit, offset } = parse(pagingSchema, request.query);
    await assertPropertyExists(deps, user, id);
    const { rows, total } = await listPropertyReports(deps.db, user.id, id, limit, offset);
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return rows;
  });
}
