import { z } from 'zod';
import { madeWithTokenField } from './api-token';

/** GET /api/calendar-feed and POST /api/calendar-feed/regenerate: the account's private feed link. */
export const calendarFeedLinkResponse = z.object({
  url: z.string().describe('The private feed; anyone holding it can read the calendar'),
  createdByToken: madeWithTokenField.describe(
    'The personal API token the link was last handed to (made or read with it); null when only the app has shown it. Revoking any API token while this is set renews the link.',
  ),
});
export type CalendarFeedLink = z.infer<typeof calendarFeedLinkResponse>;

/** A feed token as issued: 32 bytes, base64url. Anything else names no feed (a 404). */
export const calendarFeedTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** The file part of a feed link, "<token>.ics": the token, or null when it is not one. */
export function feedTokenFromFile(file: string): string | null {
  const match = /^(.*)\.ics$/.exec(file);
  const parsed = calendarFeedTokenSchema.safeParse(match?.[1]);
  return parsed.success ? parsed.data : null;
}
