import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createdShareLinkResponse, shareLinkCreateSchema, shareLinkResponse, sharedPropertyResponse, shareTokenParamsSchema } from '@shared/schemas/share-link';
import { requireAccount } from '../../plugins/auth';
import { limit, perAccount } from '../../plugins/rate-limits';
import { idParams, noContent, notFoundParams, type ZodTypeProvider } from '../../route-schema';
import * as shares from './share-links.service';

const tags = ['Share links'];
const permission = 'shareLinks.manage' as const;

/**
 * Share links (docs/share-links.md): owners, admins and managers make and revoke them on a
 * property they reach; anyone holding one reads that property's compliance without an account.
 */
export async function shareLinksRoutes(app: FastifyInstance, deps: shares.ShareLinksDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const propertyParams = idParams('Property not found');

  api.post(
    '/api/properties/:id/share-links',
    {
      preValidation: limit(perAccount('share-link-create', 60)),
      schema: {
        tags,
        permission,
        summary: 'Share a property',
        description: 'A read-only link to the property for someone without an account. The answer is the only time the link itself is sent.',
        params: propertyParams,
        body: shareLinkCreateSchema,
        response: { 201: createdShareLinkResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await shares.createLink(deps, requireAccount(request), request.params.id, request.body)),
  );

  api.get(
    '/api/properties/:id/share-links',
    {
      schema: {
        tags,
        permission,
        summary: "List a property's share links",
        description: 'Newest first, each with its status (active, expired, revoked) and who opened it when.',
        params: propertyParams,
        response: { 200: z.array(shareLinkResponse) },
      },
    },
    async (request) => shares.listLinks(deps, requireAccount(request), request.params.id),
  );

  api.delete(
    '/api/share-links/:id',
    { schema: { tags, permission, summary: 'Revoke a share link', description: 'The link stops working at once.', params: idParams('Share link not found'), response: { 204: noContent } } },
    async (request, reply) => {
      await shares.revokeLink(deps, requireAccount(request), request.params.id);
      return reply.status(204).send(undefined);
    },
  );

  // Public. Per client address, wide enough for an office behind one address; and per link,
  // so one link cannot be used to fill its view log.
  const perClient = limit({ name: 'share-client', points: 60, durationSeconds: 60, key: (request) => request.ip });
  const perLink = limit({
    name: 'share-link',
    points: 300,
    durationSeconds: 60 * 60,
    // Keyed by the hash: the token is a secret and is not written to the counters.
    key: (request) => shares.tokenHash(String((request.params as { token?: unknown }).token ?? '')),
  });
  api.get(
    '/api/share/:token',
    {
      preValidation: [perClient, perLink],
      schema: {
        tags,
        public: true,
        summary: 'Open a share link',
        description:
          'Public: what the share page shows. Every answer is logged as a view (time, browser and system). 410 once the link has expired or been revoked, 404 for an unknown link.',
        params: notFoundParams(shareTokenParamsSchema, shares.UNKNOWN_LINK),
        response: { 200: sharedPropertyResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
      // A HEAD (a link checker) reads no page: it is no view.
      const visit = { userAgent: request.headers['user-agent'], logged: request.method === 'GET' };
      return reply.send(await shares.openShare(deps, request.params.token, visit));
    },
  );
}
