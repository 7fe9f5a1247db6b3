import type { FastifyInstance } from 'fastify';
import { TOTAL_COUNT_HEADER } from '@shared/schemas/list';
import { addSafetyItemSchema, customRequirementSchema, requirementUpdateSchema, unscheduledListQuerySchema } from '@shared/schemas/requirement';
import { requireAccount } from '../../plugins/auth';
import { parse, parseId } from '../../validation';
import * as requirements from './requirements.service';

/** The compliance schedule: the library, a property's requirements, and what is due with nothing scheduled. */
export async function requirementsRoutes(app: FastifyInstance, deps: requirements.RequirementsDeps): Promise<void> {
  app.get('/api/requirements/library', async (request) => {
    requireAccount(request);
    return requirements.library(deps);
  });

  app.get('/api/requirements/unscheduled', async (request, reply) => {
    const account = requireAccount(request);
    const filter = parse(unscheduledListQuerySchema, request.query);
    const { rows, total } = await requirements.unscheduledRequirements(deps, account, filter);
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return rows;
  });

  app.get('/api/properties/:id/requirements', async (request) => {
    const account = requireAccount(request);
    return requirements.propertyRequirements(deps, account, parseId(request.params, 'Property not found'));
  });

  app.post('/api/properties/:id/safety-items', async (request, reply) => {
    const account = requireAccount(request);
    const propertyId = parseId(request.params, 'Property not found');
    const input = parse(addSafetyItemSchema, request.body);
    return reply.status(201).send(await requirements.addSafetyItem(deps, account, propertyId, input));
  });

  app.post('/api/properties/:id/requirements', async (request, reply) => {
    const account = requireAccount(request);
    const propertyId = parseId(request.params, 'Property not found');
    const input = parse(customRequirementSchema, request.body);
    return reply.status(201).send(await requirements.addCustomRequirement(deps, account, propertyId, input));
  });

  app.put('/api/requirements/:id', async (request) => {
    const account = requireAccount(request);
    const id = parseId(request.params, 'Requirement not found');
    const input = parse(requirementUpdateSchema, request.body);
    return requirements.updateRequirement(deps, account, id, input);
  });
}
