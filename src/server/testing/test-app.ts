import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { startRuntime, type Runtime } from '../runtime';
import { databaseUrl } from './database-url';
import { createUser, type SeedUserInput } from '../db/seed/users';

export interface TestContext {
  app: FastifyInstance;
  runtime: Runtime;
  config: Config;
  /** A client with its own cookie jar, sending what the browser sends (Origin, JSON). */
  agent(): Agent;
  /** A seeded account and an agent signed in as it. */
  signedIn(input?: SeedUserInput): Promise<{ agent: Agent; user: Awaited<ReturnType<typeof createUser>>['user']; password: string }>;
  /** A second app instance on this same database, as when several run behind a load balancer. */
  anotherInstance(): Promise<AppInstance>;
  close(): Promise<void>;
}

export interface AppInstance {
  app: FastifyInstance;
  agent(): Agent;
  /** Stops this instance only; the database belongs to the context that made it. */
  close(): Promise<void>;
}

export interface Agent {
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
  cookie: string | undefined;
}

/** A fresh database cloned from the migrated template, and the app built on it. */
export async function createTestContext(env: Record<string, string> = {}, build: Pick<BuildOptions, 'webhookNetwork'> = {}): Promise<TestContext> {
  const { adminUrl, template } = inject('testDb');
  const name = `firemark_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();

  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl(adminUrl, name),
    SESSION_SECRET: 'test-secret-test-secret-test-secret-123',
    RUN_WORKERS: 'false',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const runtime = await startRuntime(config, () => undefined);
  const app = await buildApp(runtime, { serveClient: false, ...build });
  await app.ready();

  const agentOn = (target: FastifyInstance) => (): Agent => {
    const self: Agent = {
      cookie: undefined,
      async request(options) {
        const headers: Record<string, string> = { origin: config.appOrigin, ...(options.headers as Record<string, string>) };
        if (self.cookie) headers.cookie = self.cookie;
        const response = await target.inject({ ...options, headers });
        const set = response.cookies.find((c) => c.name === 'firemark_session');
        if (set) self.cookie = set.value ? `firemark_session=${set.value}` : undefined;
        return response;
      },
      get: (url) => self.request({ method: 'GET', url }),
      post: (url, body = {}) => self.request({ method: 'POST', url, payload: body as InjectOptions['payload'] }),
      put: (url, body = {}) => self.request({ method: 'PUT', url, payload: body as InjectOptions['payload'] }),
      delete: (url) => self.request({ method: 'DELETE', url }),
    };
    return self;
  };
  const agent = agentOn(app);

  return {
    app,
    runtime,
    config,
    agent,
    async signedIn(input) {
      const { user, password } = await createUser(runtime.db, input);
      const a = agent();
      const response = await a.post('/api/auth/login', { username: user.username, password });
      if (response.statusCode !== 200) throw new Error(`Test sign-in failed: ${response.body}`);
      return { agent: a, user, password };
    },
    async anotherInstance() {
      const otherRuntime = await startRuntime(config, () => undefined);
      const other = await buildApp(otherRuntime, { serveClient: false });
      await other.ready();
      return {
        app: other,
        agent: agentOn(other),
        async close() {
          await other.close();
          await otherRuntime.close();
        },
      };
    },
    async close() {
      await app.close();
      await runtime.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
