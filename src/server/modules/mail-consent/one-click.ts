import type { FastifyRequest } from 'fastify';

/** Where the List-Unsubscribe header of every mail to a third party points. */
export const ONE_CLICK_UNSUBSCRIBE_ROUTE = '/api/mail/unsubscribe';

/**
 * RFC 8058: a mail provider unsubscribes with a POST of the form body
 * "List-Unsubscribe=One-Click", with no Origin and no session. The token in the URL is the
 * request's only authority, so this one route (matched, not by raw URL) is exempt from the
 * Origin and JSON-only rules of plugins/security.ts.
 */
export const isOneClickUnsubscribe = (request: FastifyRequest): boolean =>
  request.method === 'POST' && request.routeOptions.url === ONE_CLICK_UNSUBSCRIBE_ROUTE;
