import type { FastifyInstance } from 'fastify';
import { inspectorSchema } from '@shared/schemas/inspector';
import { requireUser } from '../../plugins/auth';
import { parse, parseId } from '../../validation';
import * as inspectors from './inspectors.service';

export async function inspectorsRoutes(app: FastifyInstance, deps: inspectors.InspectorsDeps): Promise<void> {
  app.get('/api/inspectors', async (request) => inspectors.listInspectors(deps, requireUser(request)));

  app.post('/api/inspectors', async (request, reply) => {
    const user = requireUser(request);
    const values = parse(inspectorSchema, request.body);
    return reply.status(201).send(await inspectors.createInspector(deps, user, values));
  });

  app.get('/api/inspectors/:id', async (request) => {
    const user = requireUser(request);
    return inspectors.getInspector(deps, user, parseId(request.params, 'Inspector not found'));
  });

  app.put('/api/inspectors/:id', async (request) => {
    const user = requireUser(request);
    const id = parseId(request.params, 'Inspector not found');
    return inspectors.updateInspector(deps, user, id, parse(inspectorSchema, request.body));
  });

  app.delete('/api/inspectors/:id', async (request) => {
    const user = requireUser(request);
    await inspectors.deleteInspector(deps, user, parseId(request.params, 'Inspector not found'));
    return { success: true };
  });
}
