import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../plugins/auth';
import { parseId } from '../../validation';
import { assertPropertyExists, type PropertiesDeps } from '../properties/properties.service';
import { listPropertyReports } from './reports.queries';

export async function reportsRoutes(app: FastifyInstance, deps: PropertiesDeps): Promise<void> {
  app.get('/api/properties/:id/reports', async (request) => {
    const user = requireUser(request);
    const id = parseId(request.params, 'Property not found');
    await assertPropertyExists(deps, user, id);
    return listPropertyReports(deps.db, user.id, id);
  });
}
