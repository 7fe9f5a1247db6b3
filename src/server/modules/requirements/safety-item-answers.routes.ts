import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { INSPECTION_TYPES } from '@shared/enums';
import { safetyItemAnswersResponse, safetyItemAnswersSchema } from '@shared/schemas/safety-item-answers';
import { requireAccount } from '../../plugins/auth';
import { idParams, notFoundParams, recordId, type ZodTypeProvider } from '../../route-schema';
import type { RequirementsDeps } from './requirements.service';
import * as answers from './safety-item-answers.service';

const tags = ['Requirements'];
const itemParams = notFoundParams(z.object({ id: recordId, itemType: z.enum(INSPECTION_TYPES) }), 'Safety item not found');

/** Questions about a property's safety items and their answers, which change what applies (issue 37). */
export async function safetyItemAnswersRoutes(app: FastifyInstance, deps: RequirementsDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/properties/:id/safety-items/answers',
    {
      schema: {
        tags,
        summary: "The questions about a property's safety items, with its answers",
        description: 'Every safety item type that has questions, whether the property has it or not.',
        params: idParams('Property not found'),
        response: { 200: z.array(safetyItemAnswersResponse) },
      },
    },
    async (request) => answers.propertyAnswers(deps, requireAccount(request), request.params.id),
  );

  api.get(
    '/api/properties/:id/safety-items/:itemType/answers',
    { schema: { tags, summary: 'The questions about one safety item, with the answers', params: itemParams, response: { 200: safetyItemAnswersResponse } } },
    async (request) => answers.itemAnswers(deps, requireAccount(request), request.params.id, request.params.itemType),
  );

  api.put(
    '/api/properties/:id/safety-items/:itemType/answers',
    {
      schema: {
        permission: 'requirements.edit',
        tags,
        summary: 'Answer the questions about a safety item',
        description:
          'Replaces the answers ({ question: [values] }; a question left out is not answered). What applies follows at once: requirements the answers rule out are switched off as not applicable, ones that apply again come back, and rows the property lacks are added, last done not known.',
        params: itemParams,
        body: safetyItemAnswersSchema,
        response: { 200: safetyItemAnswersResponse },
      },
    },
    async (request) => answers.updateItemAnswers(deps, requireAccount(request), request.params.id, request.params.itemType, request.body),
  );
}
