import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { startEmailWorkers } from './email/delivery';
import { startPasswordResetWorker } from './jobs/password-reset-request';
import { startHousekeeping } from './jobs/housekeeping';
import { filesystemPhotoStore } from './modules/deficiencies/photo-store';
import { startReminderSweep } from './jobs/reminder-sweep';
import { startWebhookSweep } from './jobs/webhook-delivery';
import { retireComplianceRefresh } from './jobs/retired-jobs';
import { startRuntime } from './runtime';

/** Starts Firemark: configuration, database (embedded unless DATABASE_URL), workers, HTTP. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
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
  if (config.databaseUrl && !config.sessionSecret) {
    bootLog('SESSION_SECRET is unset: this instance keeps its own in DATA_DIR. Set one shared SESSION_SECRET when several instances serve the same database.');
  }
  const runtime = await startRuntime(config, bootLog);
  let app: FastifyInstance | undefined;
  let stopWorkers = () => undefined as void;
  try {
    app = await buildApp(runtime, { logger });
    if (config.runWorkers) {
      stopWorkers = await startEmailWorkers(runtime.boss, runtime.pool, config, app.log);
      await retireComplianceRefresh(runtime.boss);
      await startReminderSweep(runtime.boss, { config, db: runtime.db, pool: runtime.pool, boss: runtime.boss }, app.log);
      await startHousekeeping(runtime.boss, runtime.db, filesystemPhotoStore(config.dataDir), app.log);
      await startWebhookSweep(runtime.boss, { pool: runtime.pool, db: runtime.db }, app.log);
      await startPasswordResetWorker(runtime.boss, { config, db: runtime.db, pool: runtime.pool, boss: runtime.boss }, app.log);
    }
    // Signals are taken over before the port opens: a stop that arrives as soon as the
    // server listens must find them installed (otherwise it kills the process outright).
    const server = app;
    let stopping = false;
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      server.log.info(`${signal} received: finishing requests, then stopping`);
      const force = setTimeout(() => process.exit(1), 20_000).unref();
      try {
        await server.close(); // waits for in-flight requests
        stopWorkers();
        await runtime.close();
        clearTimeout(force);
        process.exit(0);
      } catch (error) {
        console.error(error);
        process.exit(1);
      }
    };
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Leave nothing behind: the workers, the pool and a database this process started.
    stopWorkers();
    await app?.close();
    await runtime.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`port ${config.port} is already in use (is Firemark already running?). Stop the other program or set PORT.`);
    }
    throw error;
  }
  const local = `http://localhost:${config.port}`;
  const where = new URL(config.appUrl).port === String(config.port) || config.appUrl !== 'http://localhost:3000' ? config.appUrl : local;
  bootLog(`Firemark is ready on ${where} after ${Date.now() - startedAt} ms`);
  if (where === local && config.appUrl !== local) bootLog(`Links in e-mails use APP_URL (${config.appUrl}); set APP_URL to match.`);
}

main().catch((error: unknown) => {
  console.error(`[firemark] Could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
