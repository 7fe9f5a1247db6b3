import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { inspectorResponse, inspectorSchema } from '@shared/schemas/inspector';
import { requireAccount } from '../../plugins/auth';
import { idParams, successResponse, type ZodTypeProvider } from '../../route-schema';
import * as inspectors from './inspectors.service';
import { idempotent } from '../../plugins/idempotency';

const tags = ['Inspectors'];
const params = idParams('Inspector not found');

export async function inspectorsRoutes(app: FastifyInstance, deps: inspectors.InspectorsDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/inspectors', { schema: { tags, summary: 'List inspectors', response: { 200: z.array(inspectorResponse) } } }, async (request) =>
    inspectors.listInspectors(deps, requireAccount(request)),
  );

  api.post('/api/inspectors', { config: idempotent, schema: { permission: 'inspectors.manage', tags, summary: 'Add an inspector', body: inspectorSchema, response: { 201: inspectorResponse } } }, async (request, reply) =>
    reply.status(201).send(await inspectors.createInspector(deps, requireAccount(request), request.body)),
  );

  api.get('/api/inspectors/:id', { schema: { tags, summary: 'Get an inspector', params, response: { 200: inspectorResponse } } }, async (request) =>
    inspectors.getInspector(deps, requireAccount(request), request.params.id),
  );

  api.put('/api/inspectors/:id', { schema: { permission: 'inspectors.manage', tags, summary: 'Update an inspector', params, body: inspectorSchema, response: { 200: inspectorResponse } } }, async (request) =>
    inspectors.updateInspector(deps, requireAccount(request), request.params.id, request.body),
  );

  api.delete('/api/inspectors/:id', { schema: { permission: 'inspectors.manage', tags, summary: 'Delete an inspector', params, response: { 200: successResponse } } }, async (request) => {
    await inspectors.deleteInspector(deps, requireAccount(request), request.params.id);
    return { success: true as const };
  });
}
