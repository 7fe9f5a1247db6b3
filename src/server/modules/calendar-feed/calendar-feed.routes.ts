import type { FastifyInstance } from 'fastify';
import { requireAccount } from '../../plugins/auth';
import { limit, perAccount } from '../../plugins/rate-limits';
import * as feed from './calendar-feed.service';

/**
 * The account's private calendar feed: Settings reads and renews the link; calendar apps
 * fetch the link itself, without a session.
 */
export async function calendarFeedRoutes(app: FastifyInstance, deps: feed.CalendarFeedDeps): Promise<void> {
  app.get('/api/calendar-feed', async (request) => feed.getFeedLink(deps, requireAccount(request).id));

  app.post('/api/calendar-feed/regenerate', { preHandler: limit(perAccount('calendar-feed-regenerate', 20)) }, async (request) =>
    feed.regenerateFeedLink(deps, requireAccount(request).id),
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
  app.get<{ Params: { file: string } }>('/api/calendar/:file', { preHandler: [perClient, perLink] }, async (request, reply) => {
    const body = await feed.renderFeed(deps, request.params.file);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="firemark-inspections.ics"')
      // Private data behind a secret link: no shared cache may keep it.
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(body);
  });
}
