import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@shared/api-error';
import type { Config } from '../config';
import { AppError } from '../errors';
import { isOneClickUnsubscribe } from '../modules/mail-consent/one-click';
import { STRIPE_CSP, WEBHOOK_PATH } from '../modules/billing/stripe/stripe-web';
import { isPhotoUploadType, PHOTO_UPLOAD_PATH } from '../modules/deficiencies/photo-upload';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The one exception to the rule below: Stripe posts its webhook events server to server,
 * with no Origin and its own content type, and signs each one; the route checks that
 * signature before anything else (modules/billing/stripe/stripe-webhook.ts). It exists
 * only while Stripe bills.
 */
const isSignedWebhook = (method: string, routeUrl: string | undefined) => method === 'POST' && routeUrl === WEBHOOK_PATH;

/**
 * Headers and CSRF defence for every route, present and future (rate limits are declared
 * per route: plugins/rate-limits.ts).
 * CSRF: a cross-site page can neither send JSON without a CORS preflight (which we never
 * grant) nor forge the Origin header, so requiring both stops forged requests.
 */
async function security(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const { config } = opts;
  // APP_URL's origin and the ones the operator lists, never one taken from the request:
  // the Host header is the client's to choose, and an origin equal to it proves nothing.
  const allowedOrigins = new Set([config.appOrigin, ...config.allowedOrigins]);
  // Stripe.js and its frames (the Payment Element, 3-D Secure) only when Stripe bills.
  const stripe = config.billing.provider === 'stripe' ? STRIPE_CSP : { scriptSrc: [], frameSrc: [], connectSrc: [] };
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripe.connectSrc],
        ...(stripe.frameSrc.length > 0 ? { frameSrc: stripe.frameSrc } : {}),
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

  app.addHook('onRequest', async (request) => {
    // Every state-changing request, whatever its path: the raw URL may be percent-encoded.
    if (!STATE_CHANGING.has(request.method)) return;
    if (isOneClickUnsubscribe(request)) return;
    if (isSignedWebhook(request.method, request.routeOptions.url)) return;
    const origin = request.headers.origin;
    if (!origin || !allowedOrigins.has(origin)) {
      throw new AppError(ERROR_CODES.forbidden, 'This request did not come from the Firemark app and was refused.');
    }
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    const type = request.headers['content-type'] ?? '';
    // A photo travels as its own bytes; like JSON, an image type cannot be sent cross-site without a preflight.
    const photoUpload = request.method === 'POST' && request.routeOptions.url === PHOTO_UPLOAD_PATH && isPhotoUploadType(type);
    if (hasBody && !photoUpload && !/^application\/json\b/i.test(type)) {
      throw Object.assign(new Error('Send the request body as JSON with Content-Type: application/json.'), { statusCode: 415 });
    }
  });
}

export const securityPlugin = fp(security, { name: 'security' });
