import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { ERROR_CODES } from '@shared/api-error';
import type { Config } from '../config';
import { AppError } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Origins a page may load scripts, frames and connections from besides its own, and the hashes of its own inline scripts. */
export interface ExtraSources {
  scriptSrc: string[];
  frameSrc: string[];
  connectSrc: string[];
}

export interface SecurityOptions {
  config: Config;
  /** Third-party sources the page needs (Stripe.js and its frames, only while Stripe bills) and the built pages' inline scripts. */
  extraSources: ExtraSources;
  /**
   * Requests that carry their own authority and are exempt from the Origin and JSON-only
   * rules: each route that needs this says why where it is defined (app.ts lists them).
   */
  csrfExempt: ((request: FastifyRequest) => boolean)[];
  /**
   * Requests that may carry a body other than JSON (a photo's own bytes). Only types a
   * cross-site page cannot send without a CORS preflight belong here; the Origin rule still applies.
   */
  nonJsonBodies: ((request: FastifyRequest, contentType: string) => boolean)[];
}

/**
 * Helmet's headers, worked out once: they are the same for every response (no per-request
 * nonces), and building helmet for each request, as @fastify/helmet does, cost more than
 * some whole answers.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Headers and CSRF defence for every route, present and future (rate limits are declared
 * per route: plugins/rate-limits.ts).
 * CSRF: a cross-site page can neither send JSON without a CORS preflight (which we never
 * grant) nor forge the Origin header, so requiring both stops forged requests.
 */
async function security(app: FastifyInstance, opts: SecurityOptions): Promise<void> {
  const { config, extraSources: extra } = opts;
  // APP_URL's origin and the ones the operator lists, never one taken from the request:
  // the Host header is the client's to choose, and an origin equal to it proves nothing.
  const allowedOrigins = new Set([config.appOrigin, ...config.allowedOrigins]);
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...extra.connectSrc],
        // The service worker (/sw.js) and the web app manifest, both our own files (docs/offline.md).
        // default-src would allow them too; said here so that narrowing it later keeps them.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        ...(extra.frameSrc.length > 0 ? { frameSrc: extra.frameSrc } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  app.addHook('onRequest', async (request) => {
    // Every state-changing request, whatever its path: the raw URL may be percent-encoded.
    if (!STATE_CHANGING.has(request.method)) return;
    if (opts.csrfExempt.some((exempt) => exempt(request))) return;
    const origin = request.headers.origin;
    if (!origin || !allowedOrigins.has(origin)) {
      throw new AppError(ERROR_CODES.forbidden, 'This request did not come from the Firemark app and was refused.');
    }
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    const type = request.headers['content-type'] ?? '';
    const allowedBody = opts.nonJsonBodies.some((allowed) => allowed(request, type));
    if (hasBody && !allowedBody && !/^application\/json\b/i.test(type)) {
      throw Object.assign(new Error('Send the request body as JSON with Content-Type: application/json.'), { statusCode: 415 });
    }
  });
}

export const securityPlugin = fp(security, { name: 'security' });
