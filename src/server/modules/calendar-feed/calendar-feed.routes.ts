import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { calendarFeedLinkResponse } from '@shared/schemas/calendar-feed';
import { requireAccount } from '../../plugins/auth';
import { limit, perAccount } from '../../plugins/rate-limits';
import { fileResponse, notFoundParams, type ZodTypeProvider } from '../../route-schema';
import * as feed from './calendar-feed.service';

const tags = ['Calendar'];
/** Any file name is looked up the same way (calendar-feed.service.ts): an unknown or malformed link is one 404. */
const feedParams = notFoundParams(z.object({ file: z.string().describe('The secret file name of the link, `<token>.ics`') }), feed.FEED_NOT_FOUND);

/**
 * The account's private calendar feed: Settings reads and renews the link; calendar apps
 * fetch the link itself, without a session.
 */
export async function calendarFeedRoutes(app: FastifyInstance, deps: feed.CalendarFeedDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/calendar-feed', { schema: { permission: 'settings.manage', tags, summary: 'Get the calendar feed link', response: { 200: calendarFeedLinkResponse } } }, async (request) =>
    feed.getFeedLink(deps, requireAccount(request).id, request.apiToken?.id ?? null),
  );

  api.post(
    '/api/calendar-feed/regenerate',
    { preValidation: limit(perAccount('calendar-feed-regenerate', 20)), schema: { permission: 'settings.manage', tags, summary: 'Renew the calendar feed link', description: 'The old link stops working.', response: { 200: calendarFeedLinkResponse } } },
    async (request) => feed.regenerateFeedLink(deps, requireAccount(request).id, request.apiToken?.id ?? null),
  );

  // Calendar services fetch many people's feeds from a few addresses, so the per-address
  // ceiling is wide; each link has its own, far above any app's refresh (at most every few minutes).
  const perClient = limit({ name: 'calendar-feed-client', points: 300, durationSeconds: 60, key: (request) => request.ip });
  const perLink = limit({
    name: 'calendar-feed-link',
    points: 30,
    durationSeconds: 5 * 60,
    // Keyed by the hash: the link itself is a secret and is not written to the counters.
    key: (request) => feed.tokenHash((request.params as { file?: string }).file ?? ''),
  });
  api.get(
    '/api/calendar/:file',
    {
      preValidation: [perClient, perLink],
      schema: { tags, summary: 'Read the calendar feed', description: 'For calendar apps: the secret link is the key, no sign-in.', public: true, params: feedParams, response: { 200: fileResponse('text/calendar') } },
    },
    async (request, reply) => {
      const body = await feed.renderFeed(deps, request.params.file);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="firemark-inspections.ics"')
        // Private data behind a secret link: no shared cache may keep it.
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .send(body);
    },
  );
}
