import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  currentOrganizationResponse,
  organizationCreateSchema,
  organizationDeleteSchema,
  organizationSummaryResponse,
  organizationUpdateSchema,
} from '@shared/schemas/organization';
import { requireAccount, requireUser } from '../../plugins/auth';
import { idParams, successResponse, type ZodTypeProvider } from '../../route-schema';
import { unauthenticated } from '../../errors';
import {
  switchOrganization,
  createOrganization,
  currentOrganization,
  deleteOrganization,
  listOrganizations,
  updateOrganization,
  type OrganizationsDeps,
} from './organizations.service';

const tags = ['Organisations'];
const params = idParams('Organisation not found');

/** Organisations are a person's business: a session's, never an API token's (plugins/api-tokens.ts). */
function sessionOf(request: FastifyRequest): string {
  if (!request.sessionTokenHash) throw unauthenticated();
  return request.sessionTokenHash;
}

export async function organizationsRoutes(app: FastifyInstance, deps: OrganizationsDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/organizations',
    { schema: { tags, summary: 'List my organisations, with my role in each', response: { 200: z.array(organizationSummaryResponse) } } },
    async (request) => listOrganizations(request.memberships ?? [], request.account),
  );

  api.post(
    '/api/organizations',
    { schema: { tags, summary: 'Create an organisation; I become its owner and switch to it', body: organizationCreateSchema, response: { 201: organizationSummaryResponse } } },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(await createOrganization(deps, user, sessionOf(request), request.body));
    },
  );

  api.post(
    '/api/organizations/:id/switch',
    { schema: { tags, summary: 'Act on another of my organisations from now on', params, response: { 200: organizationSummaryResponse } } },
    async (request) => {
      const user = requireUser(request);
      await switchOrganization(deps, user.id, sessionOf(request), request.params.id);
      const membership = (request.memberships ?? []).find((m) => m.organizationId === request.params.id)!;
      return { id: membership.organizationId, name: membership.organizationName, role: membership.role, current: true };
    },
  );

  api.get(
    '/api/organizations/current',
    { schema: { tags, summary: 'The organisation in use and my role in it', response: { 200: currentOrganizationResponse } } },
    async (request) => currentOrganization(requireAccount(request), request.memberships ?? []),
  );

  api.put(
    '/api/organizations/current',
    {
      schema: {
        tags,
        summary: 'Rename the organisation or change its time zone',
        permission: 'settings.manage',
        body: organizationUpdateSchema,
        response: { 200: currentOrganizationResponse },
      },
    },
    async (request) => {
      const account = requireAccount(request);
      const updated = await updateOrganization(deps, account, request.body);
      return { ...currentOrganization(account, request.memberships ?? []), name: updated.name, timeZone: updated.timeZone };
    },
  );

  api.delete(
    '/api/organizations/current',
    {
      schema: {
        tags,
        summary: 'Delete the organisation in use, with everything it holds; its paid plan is cancelled first',
        description:
          "Owners only. The body names the organisation (`{ name }`, typed to confirm). A running subscription is cancelled at once, without refund; if the payment provider cannot be reached the answer is 503 and nothing is deleted. Then the organisation and everything it owns are deleted: properties, inspections, reports, files, history, members, invitations, API tokens and share links. Every member's session moves to their next organisation, or to none.",
        permission: 'organization.delete',
        body: organizationDeleteSchema,
        response: { 200: successResponse },
      },
    },
    async (request) => {
      const account = requireAccount(request);
      const session = sessionOf(request);
      const deleted = await deleteOrganization(deps, account, request.body);
      deps.sessions.cache.drop(session);
      // The operator's record: the organisation's own history went with it (docs/decisions/033).
      request.log.info({ organizationId: account.id, userId: account.userId, ...deleted }, 'An organisation was deleted by its owner');
      return { success: true as const };
    },
  );
}
