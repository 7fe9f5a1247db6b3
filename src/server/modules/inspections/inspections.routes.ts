import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { inspectionListQuerySchema, inspectionSchema, inspectionUpdateSchema } from '@shared/schemas/inspection';
import { TOTAL_COUNT_HEADER } from '@shared/schemas/list';
import { UNDO_TOKEN_HEADER } from '@shared/schemas/undo';
import { requireAccount } from '../../plugins/auth';
import { parse, parseId } from '../../validation';
import { assertPropertyExists } from '../properties/properties.service';
import type { InspectionFilter } from './inspections.queries';
import * as inspections from './inspections.service';

export async function inspectionsRoutes(app: FastifyInstance, deps: inspections.InspectionsDeps): Promise<void> {
  const respondWithList = async (request: FastifyRequest, reply: FastifyReply, scope: Partial<InspectionFilter>) => {
    const account = requireAccount(request);
    const filter = parse(inspectionListQuerySchema, request.query);
    const { json, total } = await inspections.listInspections(deps, account, { ...filter, ...scope });
    reply.header(TOTAL_COUNT_HEADER, String(total));
    // Already serialised (and perhaps remembered): sent as it is.
    return reply.type('application/json; charset=utf-8').send(json);
  };

  app.get('/api/inspections', (request, reply) => respondWithList(request, reply, {}));
  app.get('/api/inspections/upcoming', (request, reply) => respondWithList(request, reply, { upcoming: true }));
  app.get('/api/properties/:id/inspections', async (request, reply) => {
    const propertyId = parseId(request.params, 'Property not found');
    await assertPropertyExists(deps, requireAccount(request), propertyId);
    return respondWithList(request, reply, { propertyId });
  });

  app.post('/api/inspections', async (request, reply) => {
    const account = requireAccount(request);
    const values = parse(inspectionSchema, request.body);
    return reply.status(201).send(await inspections.scheduleInspection(deps, account, values));
  });

  app.get('/api/inspections/:id', async (request) => {
    const account = requireAccount(request);
    return inspections.getInspection(deps, account, parseId(request.params, 'Inspection not found'));
  });

  // Each change answers with the token that undoes it, in a header: SPEC's bodies stay as they are.
  app.put('/api/inspections/:id', async (request, reply) => {
    const account = requireAccount(request);
    const id = parseId(request.params, 'Inspection not found');
    const update = parse(inspectionUpdateSchema, request.body);
    const { inspection, undoToken } =
      update.kind === 'complete'
        ? await inspections.completeInspection(deps, account, id, update.values)
        : update.kind === 'reschedule'
          ? await inspections.rescheduleInspection(deps, account, id, update.values)
          : await inspections.editInspection(deps, account, id, update.values);
    reply.header(UNDO_TOKEN_HEADER, undoToken);
    return inspection;
  });

  app.delete('/api/inspections/:id', async (request, reply) => {
    const account = requireAccount(request);
    const { undoToken } = await inspections.deleteInspection(deps, account, parseId(request.params, 'Inspection not found'));
    reply.header(UNDO_TOKEN_HEADER, undoToken);
    return { success: true };
  });

  app.get('/api/inspections/:id/reminder-logs', async (request) => {
    const account = requireAccount(request);
    return inspections.reminderLogs(deps, account, parseId(request.params, 'Inspection not found'));
  });
}
