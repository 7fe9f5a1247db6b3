import type { FastifyRequest } from 'fastify';

/** What stands in the log for a secret taken out of a URL. */
export const REDACTED = '[redacted]';

/**
 * Paths whose last part is a secret: a calendar feed link, a reset link being checked, an
 * undo token, a share link (its page and its API), an invitation (its page, its API and its
 * accept call). The part after the prefix is replaced up to the query.
 */
const SECRET_PATHS = ['/api/calendar/', '/api/auth/validate-reset-token/', '/api/undo/', '/api/share/', '/share/', '/api/invitations/', '/invitations/'];

/**
 * Query parameters whose value is a secret: reset, confirmation and unsubscribe links
 * (`token=`), keys and signatures, and any name ending so (`access_token`, `api-key`).
 */
const SECRET_PARAM = /(^|[_-])(token|key|signature|sig|secret|password)$/i;

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * The URL as it may be logged: secrets in the path and the query replaced by `[redacted]`.
 * Works on the raw text (never decodes values), so a malformed URL is redacted too, and a
 * fragment (which browsers do not send, but a client could) is dropped.
 */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const q = withoutHash.indexOf('?');
  let path = q === -1 ? withoutHash : withoutHash.slice(0, q);
  const query = q === -1 ? null : withoutHash.slice(q + 1);

  const lower = path.toLowerCase();
  const prefix = SECRET_PATHS.find((p) => lower.startsWith(p) && path.length > p.length);
  if (prefix) path = `${path.slice(0, prefix.length)}${REDACTED}${lower.endsWith('.ics') ? '.ics' : ''}`;

  if (query === null) return path;
  const params = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq === -1) return pair;
    return SECRET_PARAM.test(paramName(pair.slice(0, eq))) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
  });
  return `${path}?${params.join('&')}`;
}

/**
 * The request as Fastify logs it (its default fields), with the URL redacted. Used as the
 * logger's `req` serializer (app.ts), so no log line of a request carries a secret link.
 */
export function redactedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}
