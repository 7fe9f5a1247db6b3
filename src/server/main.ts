import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { startEmailWorkers } from './email/delivery';
import { startPasswordResetWorker } from './jobs/password-reset-request';
import { startHousekeeping } from './jobs/housekeeping';
import { createFileStores } from './files/file-stores';
import { startReminderSweep } from './jobs/reminder-sweep';
import { startMonthlySummary } from './jobs/monthly-summary';
import { startStatusRecord } from './jobs/status-record';
import { startWebhookSweep } from './jobs/webhook-delivery';
import { allowCheck } from './modules/webhooks/allowed-hosts';
import { retireComplianceRefresh } from './jobs/retired-jobs';
import { migrateOnly, startRuntime, type Runtime } from './runtime';
import { RoleArgumentError, withRoleArgument } from './process-config';
import { createDrain } from './drain';
import { createMetrics } from './metrics';
import { buildProbeApp } from './probe-app';
import { logReportMove, moveReportFilesToStore } from './modules/reports/report-files';

/**
 * The exit code of a server that stopped on an error nothing handled; `npm start`'s
 * supervisor (scripts/supervise.mjs) restarts it. 1 stays "could not start", never restarted.
 */
const CRASH_EXIT_CODE = 70;
/** How long a server stopping on such an error waits for its requests and database to close. */
const CRASH_CLOSE_MS = 5_000;
/** Beyond SHUTDOWN_TIMEOUT_SECONDS, the time given to close the pool and the database before the exit is forced. */
const CLOSE_MARGIN_MS = 5_000;

/**
 * An exception no code caught, or a promise rejection no code handled, leaves the process in
 * a state nobody can vouch for: it is logged, the server stops taking requests, closes what it
 * can within a few seconds, and exits for its supervisor to start it afresh.
 */
function exitOnUnhandledErrors(closeAll: () => Promise<unknown>): void {
  let exiting = false;
  const fatal = (kind: string) => (error: unknown) => {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`[firemark] ${kind}: ${detail}`);
    if (exiting) return;
    exiting = true;
    console.error(`[firemark] Stopping (exit code ${CRASH_EXIT_CODE}) so that the server starts afresh; npm start restarts it.`);
    const timeout = new Promise((resolve) => setTimeout(resolve, CRASH_CLOSE_MS).unref());
    void Promise.race([closeAll().catch(() => undefined), timeout]).finally(() => process.exit(CRASH_EXIT_CODE));
  };
  process.on('uncaughtException', fatal('Uncaught exception'));
  process.on('unhandledRejection', fatal('Unhandled promise rejection'));
}

/**
 * Starts Firemark: configuration, database (embedded unless DATABASE_URL), then what its role
 * (PROCESS_ROLE, or the first argument) asks: HTTP and workers (all), HTTP only (web), workers
 * with a health and metrics listener (worker), or the migrations alone (migrate).
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(withRoleArgument(process.argv.slice(2), process.env));
  } catch (error) {
    if (error instanceof ConfigError || error instanceof RoleArgumentError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logger =
    config.env === 'development'
      ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : { level: config.logLevel };

  const startedAt = Date.now();
  const bootLog = (message: string) => console.log(`[firemark] ${message}`);
  if (config.process.role === 'migrate') {
    try {
      await migrateOnly(config, bootLog);
    } catch (error) {
      console.error(`[firemark] Migrations failed, nothing more was applied: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
    bootLog(`Migrations applied (the database is up to date) in ${Date.now() - startedAt} ms.`);
    process.exit(0);
  }
  if (config.databaseUrl && !config.sessionSecret) {
    bootLog('SESSION_SECRET is unset: this instance keeps its own in DATA_DIR. Set one shared SESSION_SECRET when several instances serve the same database.');
  }
  const { hosts, networks } = config.webhookAllowList;
  // Said at every start, so an operator sees what internal addresses accounts' webhooks can reach.
  if (hosts.length || networks.length) bootLog(`Webhooks may call these internal hosts and networks (WEBHOOK_ALLOWED_HOSTS): ${[...hosts, ...networks].join(', ')}`);
  let runtime: Runtime | undefined;
  let app: FastifyInstance | undefined;
  let metricsListener: FastifyInstance | undefined;
  let stopWorkers = () => undefined as void;
  /** The jobs' own connection to the file store (the app closes its own). */
  let closeFiles = () => undefined as void;
  exitOnUnhandledErrors(async () => {
    await app?.close();
    await metricsListener?.close();
    stopWorkers();
    closeFiles();
    await runtime?.close();
  });
  runtime = await startRuntime(config, bootLog);
  const { serveApp, metrics: metricsAccess } = config.process;
  const drain = createDrain();
  /** Which port was being opened, so that a port in use is blamed on the right variable. */
  let listening: 'PORT' | 'METRICS_PORT' = 'PORT';
  const metrics = createMetrics({ pool: runtime.pool, log: { warn: (details, message) => app?.log.warn(details, message) } });
  try {
    // A worker serves no pages: only /healthz, /readyz and /metrics, on PORT.
    app = serveApp
      ? await buildApp(runtime, { logger, drain, metrics })
      : await buildProbeApp({ pool: runtime.pool, drain, metrics, token: metricsAccess.token, open: false, logger });
    if (metricsAccess.listener) {
      metricsListener = await buildProbeApp({ pool: runtime.pool, drain, metrics, token: metricsAccess.token, open: true });
    }
    if (config.runWorkers) {
      stopWorkers = await startEmailWorkers(runtime.boss, runtime.pool, config, app.log);
      await retireComplianceRefresh(runtime.boss);
      await startReminderSweep(runtime.boss, { config, db: runtime.db, pool: runtime.pool, boss: runtime.boss }, app.log);
      await startMonthlySummary(runtime.boss, { config, db: runtime.db, pool: runtime.pool, boss: runtime.boss }, app.log);
      const files = await createFileStores(config);
      closeFiles = () => files.close();
      const reportFiles = files.reports;
      // Asked at start as a web process asks (app.ts): a worker serves no page that would show it.
      if (!serveApp) void files.problem().then((problem) => problem && app?.log.warn(`File storage (FILE_STORE=s3): ${problem}`));
      await startHousekeeping(runtime.boss, { db: runtime.db, pool: runtime.pool }, files.photos, app.log, reportFiles);
      await startWebhookSweep(runtime.boss, { pool: runtime.pool, db: runtime.db, network: { allowed: allowCheck(config.webhookAllowList) } }, app.log);
      await startStatusRecord(runtime.boss, runtime.db, app.log);
      await startPasswordResetWorker(runtime.boss, { config, db: runtime.db, pool: runtime.pool, boss: runtime.boss }, app.log);
      const log = app.log;
      // Reports made before PDFs lived in the file store: moved in the background, a few at a
      // time, each copy checked by SHA-256 before its row lets go of the bytes.
      // Tried again by the daily housekeeping until none is left.
      void moveReportFilesToStore(runtime.pool, reportFiles).then(
        (move) => logReportMove(log, move),
        (error: unknown) => log.warn({ err: error }, 'Moving report PDFs to the file store failed; the daily housekeeping tries again'),
      );
    }
    // Signals are taken over before the port opens: a stop that arrives as soon as the
    // server listens must find them installed (otherwise it kills the process outright).
    const server = app;
    const listener = metricsListener;
    const started = runtime;
    let stopping = false;
    const shutdown = async (reason: string) => {
      if (stopping) return;
      stopping = true;
      const { shutdownTimeoutMs, drainMs } = config.process;
      server.log.info(`${reason}: finishing requests, then stopping`);
      const force = setTimeout(() => {
        console.error('[firemark] Still not closed after SHUTDOWN_TIMEOUT_SECONDS; exiting now.');
        process.exit(1);
      }, shutdownTimeoutMs + CLOSE_MARGIN_MS).unref();
      try {
        // No new job is taken from now on; running ones have the same time as requests, then
        // are failed by pg-boss, to be retried by another worker.
        const jobs = started.boss.stop({ graceful: true, wait: true, timeout: shutdownTimeoutMs });
        // /readyz answers 503 from now on; the port closes once nothing is in flight.
        const drained = await drain.begin({ drainMs, timeoutMs: shutdownTimeoutMs });
        // A worker's port answers only health checks: it says "stopping" until its jobs are done.
        if (!serveApp) await jobs;
        const closing = Promise.all([server.close(), listener?.close()]);
        if (drained === 'timeout') {
          server.log.warn('Requests still in flight after SHUTDOWN_TIMEOUT_SECONDS were cut off');
          server.server.closeAllConnections();
        }
        await closing;
        await jobs;
        stopWorkers();
        closeFiles();
        await started.close();
        clearTimeout(force);
        process.exit(0);
      } catch (error) {
        console.error(error);
        process.exit(1);
      }
    };
    process.on('SIGINT', () => void shutdown('SIGINT received'));
    process.on('SIGTERM', () => void shutdown('SIGTERM received'));
    // Under npm start's supervisor: a supervisor that is gone can no longer stop us.
    process.on('disconnect', () => void shutdown('The supervisor (npm start) has gone'));
    await app.listen({ port: config.port, host: config.host });
    if (metricsListener && metricsAccess.listener) {
      listening = 'METRICS_PORT';
      const at = await metricsListener.listen(metricsAccess.listener);
      bootLog(`Metrics at ${at}/metrics${metricsAccess.token ? ' (METRICS_TOKEN required)' : ''}`);
    }
    process.send?.('ready');
  } catch (error) {
    // Leave nothing behind: the workers, the pool and a database this process started.
    stopWorkers();
    closeFiles();
    await app?.close();
    await metricsListener?.close();
    await runtime.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      if (listening === 'METRICS_PORT') {
        throw new Error(`METRICS_PORT ${metricsAccess.listener!.port} is already in use (another program, or PORT set to the same number). Stop the other program or set METRICS_PORT.`);
      }
      throw new Error(`port ${config.port} is already in use (is Firemark already running?). Stop the other program or set PORT.`);
    }
    throw error;
  }
  const local = `http://localhost:${config.port}`;
  const where = new URL(config.appUrl).port === String(config.port) || config.appUrl !== 'http://localhost:3000' ? config.appUrl : local;
  if (!serveApp) {
    bootLog(`Firemark worker is running jobs; health and metrics on port ${config.port} (PROCESS_ROLE=worker), after ${Date.now() - startedAt} ms`);
    return;
  }
  const role = config.process.role === 'web' ? ' (web: HTTP only, no jobs)' : config.runWorkers ? '' : ' (RUN_WORKERS=false: no jobs)';
  bootLog(`Firemark is ready on ${where}${role} after ${Date.now() - startedAt} ms`);
  if (where === local && config.appUrl !== local) bootLog(`Links in e-mails use APP_URL (${config.appUrl}); set APP_URL to match.`);
}

main().catch((error: unknown) => {
  console.error(`[firemark] Could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
