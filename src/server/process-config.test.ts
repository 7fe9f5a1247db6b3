import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { RoleArgumentError, withRoleArgument } from './process-config';

/** The shared object store that web and worker processes need (a bucket; nothing is reached here). */
const s3 = { FILE_STORE: 's3', S3_BUCKET: 'firemark-files', S3_REGION: 'eu-west-1' };

/** PROCESS_ROLE and its argument, RUN_WORKERS beside it, and the shutdown and metrics settings. */
describe('process role configuration', () => {
  it('runs everything in one process by default, as npm start always has', () => {
    const config = loadConfig({});
    expect(config.runWorkers).toBe(true);
    expect(config.process).toEqual({ role: 'all', serveApp: true, shutdownTimeoutMs: 20_000, drainMs: 0, metrics: { token: undefined, listener: undefined } });
  });

  it('web serves the app without jobs and waits 5 s for the load balancer by default; worker runs jobs and serves no app', () => {
    expect(loadConfig({ ...s3, PROCESS_ROLE: 'web' })).toMatchObject({ runWorkers: false, process: { role: 'web', serveApp: true, drainMs: 5_000 } });
    expect(loadConfig({ ...s3, PROCESS_ROLE: 'web', SHUTDOWN_DRAIN_SECONDS: '0' }).process.drainMs).toBe(0);
    expect(loadConfig({ ...s3, PROCESS_ROLE: 'worker' })).toMatchObject({ runWorkers: true, process: { role: 'worker', serveApp: false } });
    expect(loadConfig({ PROCESS_ROLE: 'migrate' })).toMatchObject({ runWorkers: false, process: { role: 'migrate', serveApp: false } });
  });

  it('keeps RUN_WORKERS=false working for the default role (HTTP only), and lets no role contradict itself', () => {
    expect(loadConfig({ RUN_WORKERS: 'false' })).toMatchObject({ runWorkers: false, process: { role: 'all', serveApp: true } });
    expect(loadConfig({ ...s3, PROCESS_ROLE: 'worker', RUN_WORKERS: 'false' }).runWorkers).toBe(true);
    expect(loadConfig({ ...s3, PROCESS_ROLE: 'web', RUN_WORKERS: 'true' }).runWorkers).toBe(false);
  });

  it('takes the role from the first argument over PROCESS_ROLE, and refuses a word it does not know', () => {
    expect(loadConfig(withRoleArgument(['worker'], { ...s3, PROCESS_ROLE: 'web' })).process.role).toBe('worker');
    expect(loadConfig(withRoleArgument([], { ...s3, PROCESS_ROLE: 'web' })).process.role).toBe('web');
    expect(() => withRoleArgument(['workers'], {})).toThrow(RoleArgumentError);
    expect(() => withRoleArgument(['workers'], {})).toThrow('Unknown process role "workers": the argument must be all, web, worker or migrate');
  });

  it('names each bad variable and what it must be', () => {
    let error: unknown;
    try {
      loadConfig({ PROCESS_ROLE: 'api', SHUTDOWN_TIMEOUT_SECONDS: '0', METRICS_TOKEN: 'short', METRICS_PORT: 'nine' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PROCESS_ROLE: must be all, web, worker or migrate');
    expect(message).toContain('SHUTDOWN_TIMEOUT_SECONDS: must be at least 1');
    expect(message).toContain('METRICS_TOKEN: must be at least 16 characters');
    expect(message).toContain('METRICS_PORT: must be a port number');
  });

  it('binds the metrics listener to 127.0.0.1 unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).process.metrics.listener).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).process.metrics.listener).toEqual({ host: '10.0.0.5', port: 9464 });
  });

  it('refuses a metrics listener on every address without METRICS_TOKEN, naming both variables', () => {
    for (const host of ['0.0.0.0', '::']) {
      expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_HOST: host })).toThrow(`METRICS_HOST: is ${host} (every address) without METRICS_TOKEN`);
    }
    const token = 'metrics-token-0123456789';
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: token }).process.metrics).toEqual({ token, listener: { host: '0.0.0.0', port: 9464 } });
  });

  it('refuses web and worker processes files on their own disk: they need the shared object store', () => {
    for (const role of ['web', 'worker']) {
      expect(() => loadConfig({ PROCESS_ROLE: role })).toThrow(`FILE_STORE: is disk, but PROCESS_ROLE=${role} shares the database with other processes`);
      expect(() => loadConfig({ PROCESS_ROLE: role, FILE_STORE: 'disk' })).toThrow(ConfigError);
    }
    expect(loadConfig({ PROCESS_ROLE: 'all' }).fileStore).toEqual({ kind: 'disk' });
    expect(loadConfig({ PROCESS_ROLE: 'migrate' }).fileStore).toEqual({ kind: 'disk' });
  });
});
