import type { FastifyInstance } from 'fastify';
import { inspectorSchema } from '@shared/schemas/inspector';
import { requireAccount } from '../../plugins/auth';
import { parse, parseId } from '../../validation';
import * as inspectors from './inspectors.service';

export async function inspectorsRoutes(app: FastifyInstance, deps: inspectors.InspectorsDeps): Promise<void> {
  app.get('/api/inspectors', async (request) => inspectors.listInspectors(deps, requireAccount(request)));

  app.post('/api/inspectors', async (request, reply) => {
    const account = requireAccount(request);
    const values = parse(inspectorSchema, request.body);
    return reply.status(201).send(await inspectors.createInspector(deps, account, values));
  });

  app.get('/api/inspectors/:id', async (request) => {
    const account = requireAccount(request);
    return inspectors.getInspector(deps, account, parseId(request.params, 'Inspector not found'));
  });

  app.put('/api/inspectors/:id', async (request) => {
    const account = requireAccount(request);
    const id = parseId(request.params, 'Inspector not found');
    return inspectors.updateInspector(deps, account, id, parse(inspectorSchema, request.body));
  });

  app.delete('/api/inspectors/:id', async (request) => {
    const account = requireAccount(request);
    await inspectors.deleteInspector(deps, account, parseId(request.params, 'Inspector not found'));
    return { success: true };
  });
}
