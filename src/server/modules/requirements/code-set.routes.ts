import type { FastifyInstance } from 'fastify';
import { codeSetChangeResponse, codeSetChangeSchema } from '@shared/schemas/code-set';
import { requireAccount } from '../../plugins/auth';
import { idParams, type ZodTypeProvider } from '../../route-schema';
import { changeCodeSet, previewCodeSetChange } from './code-set.service';
import type { RequirementsDeps } from './requirements.service';

const tags = ['Requirements'];
const propertyParams = idParams('Property not found');

/** Changing the code set a property's requirements come from: the differences, then the change. */
export async function codeSetRoutes(app: FastifyInstance, deps: RequirementsDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/properties/:id/code-set/preview',
    {
      schema: {
        permission: 'requirements.edit',
        tags,
        summary: "Preview a change of a property's code set",
        description: 'The requirements that would change interval or source, be added (due now, last done not known) or leave (kept with their history, no longer applying). Changes nothing.',
        params: propertyParams,
        body: codeSetChangeSchema,
        response: { 200: codeSetChangeResponse },
      },
    },
    async (request) => previewCodeSetChange(deps, requireAccount(request), request.params.id, request.body.codeSet),
  );

  api.put(
    '/api/properties/:id/code-set',
    {
      schema: {
        permission: 'requirements.edit',
        tags,
        summary: "Change a property's code set",
        description: 'Applies what the preview lists in one transaction: matched requirements keep their id and history and take the new interval and source; none is deleted. Choosing the set the property has changes nothing.',
        params: propertyParams,
        body: codeSetChangeSchema,
        response: { 200: codeSetChangeResponse },
      },
    },
    async (request) => changeCodeSet(deps, requireAccount(request), request.params.id, request.body.codeSet),
  );
}
