import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TOTAL_COUNT_HEADER } from '@shared/schemas/list';
import {
  addSafetyItemSchema,
  customRequirementSchema,
  libraryRequirementResponse,
  requirementResponse,
  requirementUpdateSchema,
  unscheduledListQuerySchema,
  unscheduledRequirementResponse,
} from '@shared/schemas/requirement';
import { requireAccount } from '../../plugins/auth';
import { sendJsonBytes } from '../../plugins/compression';
import { idParams, type ZodTypeProvider } from '../../route-schema';
import * as requirements from './requirements.service';
import { idempotent } from '../../plugins/idempotency';
import { safetyItemAnswersRoutes } from './safety-item-answers.routes';
import { libraryQuerySchema } from '@shared/schemas/code-set';
import { codeSetRoutes } from './code-set.routes';

const tags = ['Requirements'];
const propertyParams = idParams('Property not found');

/** The compliance schedule: the library, a property's requirements, and what is due with nothing scheduled. */
export async function requirementsRoutes(app: FastifyInstance, deps: requirements.RequirementsDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  await safetyItemAnswersRoutes(app, deps);

  api.get(
    '/api/requirements/library',
    {
      schema: {
        tags,
        summary: 'List the requirement library',
        description: "The activities and intervals each safety item needs under a code set (us-nfpa unless codeSet names another), with the standard and edition each comes from.",
        querystring: libraryQuerySchema,
        response: { 200: z.array(libraryRequirementResponse) },
      },
    },
    async (request) => requirements.library(deps, request.query.codeSet),
  );

  api.get(
    '/api/requirements/unscheduled',
    { schema: { tags, summary: 'List requirements due with nothing scheduled', querystring: unscheduledListQuerySchema, response: { 200: z.array(unscheduledRequirementResponse) } } },
    async (request, reply) => {
      const page = await requirements.unscheduledRequirements(deps, requireAccount(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return sendJsonBytes(request, reply, page);
    },
  );

  api.get(
    '/api/properties/:id/requirements',
    { schema: { tags, summary: "List a property's requirements", params: propertyParams, response: { 200: z.array(requirementResponse) } } },
    async (request) => requirements.propertyRequirements(deps, requireAccount(request), request.params.id),
  );

  api.post(
    '/api/properties/:id/safety-items',
    { config: idempotent, schema: { permission: 'requirements.edit', tags, summary: 'Add a safety item to a property', description: "Adds the library's requirements of one safety item.", params: propertyParams, body: addSafetyItemSchema, response: { 201: z.array(requirementResponse) } } },
    async (request, reply) => reply.status(201).send(await requirements.addSafetyItem(deps, requireAccount(request), request.params.id, request.body)),
  );

  api.post(
    '/api/properties/:id/requirements',
    { config: idempotent, schema: { permission: 'requirements.edit', tags, summary: 'Add a requirement of your own', params: propertyParams, body: customRequirementSchema, response: { 201: requirementResponse } } },
    async (request, reply) => reply.status(201).send(await requirements.addCustomRequirement(deps, requireAccount(request), request.params.id, request.body)),
  );

  api.put(
    '/api/requirements/:id',
    { schema: { permission: 'requirements.edit', tags, summary: 'Change a requirement', params: idParams('Requirement not found'), body: requirementUpdateSchema, response: { 200: requirementResponse } } },
    async (request) => requirements.updateRequirement(deps, requireAccount(request), request.params.id, request.body),
  );

  await codeSetRoutes(app, deps);
}
