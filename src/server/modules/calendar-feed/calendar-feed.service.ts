import { createHash, createHmac, randomBytes } from 'node:crypto';
import { INSPECTION_TYPE_LABELS } from '@shared/enums';
import { feedTokenFromFile, type CalendarFeedLink } from '@shared/schemas/calendar-feed';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import { serializeCalendar, type AllDayEvent } from './ical';
import * as q from './calendar-feed.queries';

export interface CalendarFeedDeps {
  config: Config;
  db: Db;
  /** The server's session secret: the key that turns a stored feed secret into its link. */
  sessionSecret: string;
}

/**
 * Why a derived token: a person copies the link into Google Calendar once and may come back
 * for it later (a second device, Outlook at work), so Settings must be able to show it again;
 * yet a copy of the database alone (a backup) must not open anyone's calendar. The table keeps
 * a random secret and the SHA-256 of the token; the token is HMAC(session secret, secret).
 * A link is found by the hash of what was presented, never by comparing secrets.
 */
function tokenFor(deps: CalendarFeedDeps, secret: string): string {
  return createHmac('sha256', deps.sessionSecret).update(`calendar-feed\u0000${secret}`).digest('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newFeed(deps: CalendarFeedDeps) {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: tokenHash(tokenFor(deps, secret)) };
}

async function linkOf(deps: CalendarFeedDeps, organizationId: number): Promise<CalendarFeedLink> {
  const feed = await q.findFeed(deps.db, organizationId);
  if (!feed) throw notFound(FEED_NOT_FOUND);
  const { token } = feed;
  return {
    url: `${deps.config.appUrl}/api/calendar/${tokenFor(deps, feed.secret)}.ics`,
    createdByToken: token ? { id: token.id, name: token.name, prefix: token.prefix, revoked: token.revokedAt !== null } : null,
  };
}

/**
 * The account's feed link; the first visit to Settings makes it. `byTokenId`: the personal
 * API token of the request, if it came with one. A link handed to a token is recorded as such
 * (one made in the app included), so that revoking a token ends it (endFeedHandedToTokens).
 */
export async function getFeedLink(deps: CalendarFeedDeps, organizationId: number, byTokenId: number | null = null): Promise<CalendarFeedLink> {
  const existing = await q.findFeedSecret(deps.db, organizationId);
  if (existing) {
    if (byTokenId !== null) await q.markFeedHandedTo(deps.db, organizationId, byTokenId);
  } else {
    const { secret, hash } = newFeed(deps);
    await q.createFeedIfMissing(deps.db, organizationId, secret, hash, byTokenId);
    if (byTokenId !== null) await q.markFeedHandedTo(deps.db, organizationId, byTokenId);
  }
  return linkOf(deps, organizationId);
}

/** A new link; the old one answers 404 from now on. */
export async function regenerateFeedLink(deps: CalendarFeedDeps, organizationId: number, byTokenId: number | null = null): Promise<CalendarFeedLink> {
  const { secret, hash } = newFeed(deps);
  await q.replaceFeed(deps.db, organizationId, secret, hash, byTokenId);
  return linkOf(deps, organizationId);
}

/**
 * Part of revoking personal API tokens (api-tokens.service.ts), in its transaction. One column
 * remembers only the last token handed the link, so any revocation ends a link that a token
 * has seen: the feed is deleted (its link answers 404) and Settings makes a new one on the
 * next visit. A link only the app has shown is kept.
 */
export async function endFeedHandedToTokens(db: DbOrTx, organizationId: number): Promise<boolean> {
  return q.deleteFeedHandedToToken(db, organizationId);
}

/** What a calendar app shows for one entry. */
export function eventFor(entry: q.FeedEntry, appUrl: string, host: string): AllDayEvent {
  const type = INSPECTION_TYPE_LABELS[entry.inspectionType];
  const what = entry.activity ? `${type} (${entry.activity})` : type;
  const url = `${appUrl}${entry.path}`;
  const details = [
    entry.notScheduled ? 'Due, not scheduled: schedule this inspection in Firemark.' : null,
    entry.assignedTo ? `Assigned to: ${entry.assignedTo}` : null,
    `Open in Firemark: ${url}`,
  ];
  return {
    uid: `${entry.key}@${host}`,
    date: entry.date,
    summary: `${what} ${entry.notScheduled ? 'inspection due, not scheduled' : 'inspection'}: ${entry.propertyName}`,
    description: details.filter(Boolean).join('\n'),
    location: entry.propertyAddress || undefined,
    url,
    lastModified: entry.updatedAt,
  };
}

/** The feed behind a link ("<token>.ics"), as iCalendar text; an unknown link is a 404. */
export const FEED_NOT_FOUND = 'This calendar link is not valid any more. Copy the current one from Settings in Firemark.';

export async function renderFeed(deps: CalendarFeedDeps, file: string, now = new Date()): Promise<string> {
  // A malformed token cannot be one we issued; it is refused without a query.
  const token = feedTokenFromFile(file);
  const owner = token ? await q.findFeedOwner(deps.db, tokenHash(token)) : null;
  if (!owner) throw notFound(FEED_NOT_FOUND);
  const entries = await q.feedEntries(deps.db, owner.organizationId, now);
  const host = new URL(deps.config.appUrl).host;
  return serializeCalendar({
    productId: '-//Firemark//Inspection calendar//EN',
    name: 'Firemark inspections',
    description: 'Open inspections from Firemark, and inspections due but not yet scheduled, on their due dates.',
    refreshMinutes: 60,
    generatedAt: now,
    events: entries.map((entry) => eventFor(entry, deps.config.appUrl, host)),
  });
}
