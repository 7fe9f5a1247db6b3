import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { ERROR_CODES, type ApiErrorBody } from '@shared/api-error';
import { logSafeError } from './db/log-safe-error';
import { redactedRequest } from './log-redaction';
import { isDatabaseDiskFull, isDatabaseUnavailable } from './db/unavailable';
import { AppError } from './errors';
import { clientDistDir } from './paths';
import { apiTokensPlugin, isBearerRequest } from './plugins/api-tokens';
import { authPlugin, createSessions } from './plugins/auth';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes';
import { inlineScriptSources, registerClientAssets, sendAppPage } from './plugins/client-assets';
import { registerCompression } from './plugins/compression';
import { registerJsonBodyParser } from './plugins/json-body';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { securityPlugin } from './plugins/security';
import { historyActorPlugin } from './plugins/history-actor';
import { historyRoutes } from './modules/history/history.routes';
import { shareLinksRoutes } from './modules/share-links/share-links.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { organizationsRoutes } from './modules/organizations/organizations.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { createBillingProvider } from './modules/billing/create-billing-provider';
import { isSignedWebhook, STRIPE_CSP } from './modules/billing/stripe/stripe-web';
import { calendarFeedRoutes } from './modules/calendar-feed/calendar-feed.routes';
import { deficienciesRoutes } from './modules/deficiencies/deficiencies.routes';
import { devicesRoutes } from './modules/devices/devices.routes';
import { isPhotoUpload } from './modules/deficiencies/photo-upload';
import { FileStoreUnavailableError } from './files/file-store';
import { createFileStores } from './files/file-stores';
import { inspectorsRoutes } from './modules/inspectors/inspectors.routes';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { membersRoutes } from './modules/members/members.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { insightRoutes } from './modules/insight/insight.routes';
import { healthRoutes } from './modules/health/health.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { createMetrics, type Metrics } from './metrics';
import { createDrain, type Drain } from './drain';
import { inspectionsRoutes } from './modules/inspections/inspections.routes';
import { walkthroughsRoutes } from './modules/walkthroughs/walkthroughs.routes';
import { offlineRoutes } from './modules/offline/offline.routes';
import { mailConsentRoutes } from './modules/mail-consent/mail-consent.routes';
import { isOneClickUnsubscribe } from './modules/mail-consent/one-click';
import { propertiesRoutes } from './modules/properties/properties.routes';
import { reminderSettingsRoutes } from './modules/reminder-settings/reminder-settings.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { createReportRenderer } from './modules/reports/report-renderer';
import { monthlySummaryRoutes } from './modules/insight/monthly-summary.routes';
import { labelsRoutes } from './modules/devices/labels.routes';
import { publicTagRoutes } from './modules/devices/public-tag.routes';
import { idempotencyPlugin } from './plugins/idempotency';
import { requirementsRoutes } from './modules/requirements/requirements.routes';
import { inspectionHistoryRoutes } from './modules/inspection-history/inspection-history.routes';
import { subscriptionRoutes } from './modules/subscription/subscription.routes';
import { supportRoutes } from './modules/support/support.routes';
import { undoRoutes } from './modules/undo/undo.routes';
import { devicesImportRoutes } from './modules/devices/devices-import.routes';
import type { WebhookNetwork } from './modules/webhooks/address-check';
import { allowCheck } from './modules/webhooks/allowed-hosts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { apiDocsRoutes } from './modules/api-docs/api-docs.routes';
import { collectApiRoutes } from './modules/api-docs/openapi';
import { jsonSerializerCompiler, zodValidatorCompiler } from './route-schema';
import type { Runtime } from './runtime';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Serve the built client (off in API tests). */
  serveClient?: boolean;
  /** Where the built client is; dist/client by default. */
  clientDir?: string;
  /** Test-only relaxation of the webhook address rules (a receiver on 127.0.0.1); otherwise WEBHOOK_ALLOWED_HOSTS decides. */
  webhookNetwork?: WebhookNetwork;
  /** The process's stopping state (main.ts): /readyz answers 503 once it is stopping. */
  drain?: Drain;
  /** Shared with a METRICS_PORT listener when there is one; otherwise made here. */
  metrics?: Metrics;
}

const BODY_LIMIT = 1024 * 1024;
/** Seconds a client is asked to wait before retrying while the database is unreachable. */
const RETRY_AFTER_SECONDS = 5;

function errorBody(error: FastifyError | AppError): { status: number; body: ApiErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: { ...error.details, message: error.message, code: error.code, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) },
    };
  }
  // Before the database's check: the store's network errors (ECONNREFUSED...) are not the database's.
  if (error instanceof FileStoreUnavailableError) {
    return {
      status: 503,
      body: { message: 'Firemark cannot reach its file storage right now. Nothing was saved; please try again in a moment.', code: ERROR_CODES.unavailable },
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: { message: 'Firemark cannot reach its database right now. Please try again in a moment.', code: ERROR_CODES.unavailable },
    };
  }
  if (isDatabaseDiskFull(error)) {
    return {
      status: 503,
      body: { message: 'Firemark cannot save changes right now: its database server is out of disk space. Nothing was changed; please try again later.', code: ERROR_CODES.unavailable },
    };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const messages: Record<number, string> = {
      413: 'The request is too large.',
      415: error.message || 'Unsupported content type.',
    };
    const message =
      messages[status] ?? (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The request body is not valid JSON.' : error.message);
    return { status, body: { message, ...(status === 400 ? { code: ERROR_CODES.validation } : {}) } };
  }
  return { status: 500, body: { message: 'Something went wrong on our side. Please try again.', code: ERROR_CODES.internal } };
}

/** Whatever logger the caller configured, with the request URL's secrets redacted (log-redaction.ts). */
function withRedactedUrls(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: redactedRequest } };
}

export async function buildApp(runtime: Runtime, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = runtime;
  const app = Fastify({
    logger: withRedactedUrls(options.logger ?? false),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
  });
  const sessions = createSessions(config, runtime.sessionSecret);
  // First, so that every route is counted, timed and drained.
  const drain = options.drain ?? createDrain();
  const metrics = options.metrics ?? createMetrics({ pool: runtime.pool, log: app.log });
  drain.track(app);
  metrics.observeRequests(app);

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, body } = errorBody(error);
    // Internals go to the log (without query parameters), never to the client.
    if (status === 503) {
      const why =
        error instanceof AppError ? error.message
        : error instanceof FileStoreUnavailableError ? 'the file store is unreachable'
        : isDatabaseDiskFull(error) ? 'the database disk is full'
        : 'the database is unreachable';
      request.log.warn({ err: logSafeError(error) }, `Request refused: ${why}`);
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
    } else if (status >= 500) {
      request.log.error({ err: logSafeError(error) }, 'Request failed');
    }
    return reply.status(status).send(body);
  });

  // Routes declare their input and answers with the shared zod schemas (route-schema.ts).
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  const apiRoutes = collectApiRoutes(app);

  registerJsonBodyParser(app);
  const clientDir = options.clientDir ?? clientDistDir;
  const wantsClient = options.serveClient ?? true;
  // Stripe.js and its frames (the Payment Element, 3-D Secure) only when Stripe bills.
  const thirdParty = config.billing.provider === 'stripe' ? STRIPE_CSP : { scriptSrc: [], frameSrc: [], connectSrc: [] };
  await app.register(securityPlugin, {
    config,
    extraSources: { ...thirdParty, scriptSrc: [...thirdParty.scriptSrc, ...(wantsClient ? inlineScriptSources(clientDir) : [])] },
    csrfExempt: [isOneClickUnsubscribe, isSignedWebhook, isBearerRequest],
    nonJsonBodies: [isPhotoUpload],
  });
  // Before compression, so that a kept answer is kept as JSON, not as a compressed body.
  await app.register(idempotencyPlugin, { pool: runtime.pool });
  await registerCompression(app);
  await app.register(rateLimitsPlugin, { pool: runtime.pool, db: runtime.db });
  await app.register(authPlugin, { db: runtime.db, sessions, billingOff: config.billing.provider === 'off' });
  await app.register(apiTokensPlugin, { db: runtime.db, billingOff: config.billing.provider === 'off' });
  await app.register(historyActorPlugin);

  const base = { config, db: runtime.db, pool: runtime.pool, boss: runtime.boss, sessions, log: app.log };
  // One provider, chosen at start: the billing routes speak to it, and deleting an organisation cancels its plan through it.
  const deps = { ...base, billing: createBillingProvider(base) };
  await app.register(healthRoutes, { pool: runtime.pool, stopping: () => drain.stopping });
  await app.register(metricsRoutes, { metrics, token: config.process.metrics.token, open: false });
  await app.register(authRoutes, deps);
  await app.register(organizationsRoutes, deps);
  await app.register(subscriptionRoutes, deps);
  await app.register(propertiesRoutes, deps);
  // Photos and report PDFs: on the disk or in an S3-compatible store, as FILE_STORE says.
  const files = await createFileStores(config);
  app.addHook('onClose', () => files.close());
  // Asked once at start: a typo in S3_BUCKET or a key would otherwise show only at the first upload.
  void files.problem().then((problem) => problem && app.log.warn(`File storage (FILE_STORE=s3): ${problem}`));
  const photos = files.photos;
  const renderer = createReportRenderer(config, (reason, detail) => app.log.warn({ reason, detail }, 'A report-drawing thread was stopped and replaced'));
  app.addHook('onClose', () => renderer.close());
  await app.register(reportsRoutes, { ...deps, photos, reportFiles: files.reports, renderer });
  await app.register(labelsRoutes, { ...deps, renderer });
  await app.register(monthlySummaryRoutes, { ...deps, renderer });
  await app.register(publicTagRoutes, deps);
  await app.register(inspectionsRoutes, deps);
  await app.register(walkthroughsRoutes, deps);
  await app.register(offlineRoutes, deps);
  await app.register(requirementsRoutes, deps);
  await app.register(devicesRoutes, deps);
  await app.register(inspectionHistoryRoutes, deps);
  await app.register(dashboardRoutes, deps);
  await app.register(insightRoutes, deps);
  await app.register(supportRoutes, deps);
  await app.register(billingRoutes, deps);
  await app.register(reminderSettingsRoutes, deps);
  await app.register(calendarFeedRoutes, { ...deps, sessionSecret: runtime.sessionSecret });
  await app.register(mailConsentRoutes, deps);
  await app.register(inspectorsRoutes, deps);
  await app.register(membersRoutes, deps);
  await app.register(invitationsRoutes, deps);
  await app.register(deficienciesRoutes, { ...deps, photos, photoMaxBytes: config.photoMaxBytes });
  await app.register(undoRoutes, deps);
  await app.register(devicesImportRoutes, deps);
  await app.register(apiTokensRoutes, deps);
  await app.register(historyRoutes, deps);
  await app.register(shareLinksRoutes, deps);
  await app.register(webhooksRoutes, { ...deps, webhookNetwork: options.webhookNetwork ?? { allowed: allowCheck(config.webhookAllowList) } });
  await app.register(apiDocsRoutes, { routes: apiRoutes });

  const serveClient = wantsClient && (await registerClientAssets(app, clientDir));

  app.setNotFoundHandler((request, reply) => {
    // A missing asset is a 404, not the app's HTML under a script's name.
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && !request.url.startsWith('/assets/') && serveClient;
    if (wantsPage) {
      // A share link's page is for whoever holds the link: search engines must not keep it (docs/share-links.md).
      if (request.url.startsWith('/share/')) reply.header('X-Robots-Tag', 'noindex, nofollow');
      return sendAppPage(request, reply, clientDir);
    }
    return reply.status(404).send({ message: 'Not found', code: ERROR_CODES.notFound } satisfies ApiErrorBody);
  });

  return app;
}
