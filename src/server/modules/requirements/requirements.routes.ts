import type { FastifyInstance } from 'fastify';
import { TOTAL_COUNT_HEADER } from '@shared/schemas/list';
import { addSafetyItemSchema, customRequirementSchema, requirementUpdateSchema, unscheduledListQuerySchema } from '@shared/schemas/requirement';
import { requireUser } from '../../plugins/auth';
import { parse, parseId } from '../../validation';
import * as requirements from './requirements.service';

/** The compliance schedule: the library, a property's requirements, and what is due with nothing scheduled. */
export async function requirementsRoutes(app: FastifyInstance, deps: requirements.RequirementsDeps): Promise<void> {
  app.get('/api/requirements/library', async (request) => {
    requireUser(request);
    return requirements.library(deps);
  });

  app.get('/api/requirements/unscheduled', async (request, reply) => {
    const user = requireUser(request);
    const filter = parse(unscheduledListQuerySchema, request.query);
    const { rows, total } = await requirements.unscheduledRequirements(deps, user, filter);
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return rows;
  });

  app.get('/api/properties/:id/requirements', async (request) => {
    const user = requireUser(request);
    return requirements.propertyRequirements(deps, user, parseId(request.params, 'Property not found'));
  });

  app.post('/api/properties/:id/safety-items', async (request, reply) => {
    const user = requireUser(request);
    const propertyId = parseId(request.params, 'Property not found');
    const input = parse(addSafetyItemSchema, request.body);
    return reply.status(201).send(await requirements.addSafetyItem(deps, user, propertyId, input));
  });

  app.post('/api/properties/:id/requirements', async (request, reply) => {
    const user = requireUser(request);
    const propertyId = parseId(request.params, 'Property not found');
    const input = parse(customRequirementSchema, request.body);
    return reply.status(201).send(await requirements.addCustomRequirement(deps, user, propertyId, input));
  });

  app.put('/api/requirements/:id', async (request) => {
    const user = requireUser(request);
    const id = parseId(request.params, 'Requirement not found');
    const input = parse(requirementUpdateSchema, request.body);
    return requirements.updateRequirement(deps, user, id, input);
  });
}
