import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES } from '@shared/api-error';
import { invitationAcceptedResponse, invitationCreateSchema, invitationPreviewResponse, invitationResponse } from '@shared/schemas/invitation';
import { AppError, unauthenticated } from '../../errors';
import { requireAccount } from '../../plugins/auth';
import { limit, perAccount } from '../../plugins/rate-limits';
import { idParams, notFoundParams, successResponse, type ZodTypeProvider } from '../../route-schema';
import * as invitations from './invitations.service';

const tags = ['Members and invitations'];
const params = idParams('Invitation not found');
const tokenParams = notFoundParams(
  z.object({ token: z.string().min(20).max(200) }),
  'This invitation link is not valid. Check that you opened the whole link from the e-mail, or ask for a new invitation.',
);
const managers = 'Owners and admins (members.manage); an invitation for an owner, owners alone.';

export async function invitationsRoutes(app: FastifyInstance, deps: invitations.InvitationsDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A link's token is guessed at no faster than this from one address.
  const perClient = limit({ name: 'invitation-link', points: 30, durationSeconds: 60, key: (request) => request.ip });
  // Each invitation is a mail to an address of the sender's choosing.
  const mailLimit = limit(perAccount('invitation-mail', 30));

  api.get(
    '/api/organizations/current/invitations',
    { schema: { tags, summary: 'List open invitations', description: `${managers} Pending and expired ones; accepted and revoked ones are not listed.`, permission: 'members.manage', response: { 200: z.array(invitationResponse) } } },
    async (request) => invitations.listInvitations(deps, requireAccount(request)),
  );

  api.post(
    '/api/organizations/current/invitations',
    {
      preValidation: mailLimit,
      schema: {
        tags,
        summary: 'Invite someone by e-mail',
        description: `${managers} Mails a link valid for 7 days. \`propertyIds\` is null for all properties (always for owners and admins). Pro only: the Free plan is for one person (403 PREMIUM_FEATURE_REQUIRED).`,
        permission: 'members.manage',
        body: invitationCreateSchema,
        response: { 201: invitationResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await invitations.createInvitation(deps, requireAccount(request), request.body)),
  );

  api.delete(
    '/api/organizations/current/invitations/:id',
    { schema: { tags, summary: 'Revoke an invitation', description: `${managers} Its link stops working at once.`, permission: 'members.manage', params, response: { 200: successResponse } } },
    async (request) => {
      await invitations.revokeInvitation(deps, requireAccount(request), request.params.id);
      return { success: true as const };
    },
  );

  api.post(
    '/api/organizations/current/invitations/:id/resend',
    {
      preValidation: mailLimit,
      schema: { tags, summary: 'Send an invitation again', description: `${managers} A new link, valid for 7 more days; the one sent before stops working.`, permission: 'members.manage', params, response: { 200: invitationResponse } },
    },
    async (request) => invitations.resendInvitation(deps, requireAccount(request), request.params.id),
  );

  api.get(
    '/api/invitations/:token',
    {
      preValidation: perClient,
      schema: { tags, summary: 'Look at an invitation', description: 'For the page the mailed link opens: the organisation, the role, who invited and whether the link still works.', public: true, params: tokenParams, response: { 200: invitationPreviewResponse } },
    },
    async (request) => invitations.previewInvitation(deps, request.params.token),
  );

  api.post(
    '/api/invitations/:token/accept',
    {
      preValidation: perClient,
      schema: {
        tags,
        summary: 'Accept an invitation',
        description:
          'The signed-in person joins the organisation and the session moves to it. The invitation must have been sent to their address (403 otherwise); an unconfirmed address is confirmed by it. Used, withdrawn or expired: 410.',
        params: tokenParams,
        response: { 200: invitationAcceptedResponse },
      },
    },
    async (request) => {
      const account = requireAccount(request);
      const sessionTokenHash = sessionOf(request);
      return invitations.acceptInvitation(deps, { userId: account.userId, sessionTokenHash }, request.params.token);
    },
  );
}

/** Joining moves the browser's session to the organisation: an API token cannot accept. */
function sessionOf(request: FastifyRequest): string {
  if (!request.account) throw unauthenticated();
  if (!request.sessionTokenHash) throw new AppError(ERROR_CODES.forbidden, 'Accept an invitation in Firemark, signed in: an API token cannot accept one.');
  return request.sessionTokenHash;
}
