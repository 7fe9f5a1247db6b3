import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { startEmailWorkers } from './email/delivery';
import { startComplianceRefresh } from './jobs/compliance-refresh';
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
  const runtime = await startRuntime(config, bootLog);
  const app = await buildApp(runtime, { logger });
  const stopWorkers = config.runWorkers ? await startEmailWorkers(runtime.boss, runtime.pool, config, app.log) : () => undefined;
  if (config.runWorkers) await startComplianceRefresh(runtime.boss, runtime.db, app.log);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing requests, then stopping`);
    const force = setTimeout(() => process.exit(1), 20_000).unref();
    try {
      await app.close(); // waits for in-flight requests
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

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Leave nothing behind: the pool, the workers and a database this process started.
    stopWorkers();
    await app.close();
    await runtime.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`port ${config.port} is already in use (is Firemark already running?). Stop the other program or set PORT.`);
    }
    throw error;
  }
  bootLog(`Firemark is ready on ${config.appUrl} (port ${config.port}) after ${Date.now() - startedAt} ms`);
}

main().catch((error: unknown) => {
  console.error(`[firemark] Could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
