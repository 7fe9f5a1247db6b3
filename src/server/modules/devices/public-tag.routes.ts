import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { publicTagResponse, tagPagesSettingResponse, tagPagesSettingSchema } from '@shared/schemas/device';
import { requireAccount } from '../../plugins/auth';
import { limit } from '../../plugins/rate-limits';
import { notFoundParams, type ZodTypeProvider } from '../../route-schema';
import { publicTag, tagPagesSetting, updateTagPagesSetting, type PublicTagDeps } from './public-tag.service';

/** Any text: a tag that is not one is answered as unknown (404), never as a field error. */
const tagParams = notFoundParams(z.object({ tag: z.string().min(1).max(64) }), 'No tag page');

export async function publicTagRoutes(app: FastifyInstance, deps: PublicTagDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Public: whoever scans a label. Per client address, as the report verification page is:
  // wide enough for an inspector scanning a building's tags, narrow enough to stop guessing.
  const perClient = limit({ name: 'public-tag', points: 120, durationSeconds: 60, key: (request) => request.ip });
  api.get(
    '/api/tags/:tag',
    {
      preValidation: perClient,
      schema: {
        tags: ['Devices'],
        summary: 'Public tag page',
        description:
          'Public: what a paper tag on the device shows: its type, the month of its last inspection and last maintenance, the organisation that recorded them, the month it is next due, and whether it is in service. Unknown tags, removed or replaced devices, and organisations that turned tag pages off are all a plain 404.',
        public: true,
        params: tagParams,
        response: { 200: publicTagResponse },
      },
    },
    async (request, reply) => {
      const page = await publicTag(deps, request.params.tag);
      return reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow').send(page);
    },
  );

  api.get(
    '/api/organizations/current/tag-pages',
    { schema: { tags: ['Organisations'], summary: 'Whether device labels open a public tag page', response: { 200: tagPagesSettingResponse } } },
    async (request) => tagPagesSetting(deps, requireAccount(request)),
  );

  api.put(
    '/api/organizations/current/tag-pages',
    {
      schema: {
        tags: ['Organisations'],
        summary: 'Turn public tag pages on or off',
        description: 'Off: scanning a device label shows its page to members who reach it and "No tag page" to everyone else.',
        permission: 'settings.manage',
        body: tagPagesSettingSchema,
        response: { 200: tagPagesSettingResponse },
      },
    },
    async (request) => updateTagPagesSetting(deps, requireAccount(request), request.body),
  );
}
