import { z } from 'zod';

/**
 * What one process of the build does (docs/deploy.md, "Process roles"): `all` is the
 * one-machine default (HTTP and every job), `web` answers HTTP only, `worker` runs the jobs
 * with only a small health and metrics listener, `migrate` applies migrations and exits.
 */
export const PROCESS_ROLES = ['all', 'web', 'worker', 'migrate'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

const ROLE_MESSAGE = 'must be all, web, worker or migrate';

const seconds = (example: string) => z.coerce.number({ error: `must be a number of seconds, e.g. ${example}` }).int('must be a whole number of seconds');

/** The variables that choose a process's role, how it stops, and where its metrics are read. */
export const processEnvShape = {
  PROCESS_ROLE: z.enum(PROCESS_ROLES, { error: ROLE_MESSAGE }).default('all'),
  /** Longest a stopping process waits for requests in flight and running jobs before it exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: seconds('20').min(1, 'must be at least 1').max(600, 'must be at most 600').default(20),
  /** How long a stopping web process keeps answering /readyz 503 before it closes its port. */
  SHUTDOWN_DRAIN_SECONDS: seconds('5').min(0, 'must be 0 or more').max(300, 'must be at most 300').optional(),
  /** A Bearer token that opens /metrics on the app's port; unset, /metrics there answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (e.g. the output of openssl rand -hex 32)').optional(),
  /** A port of its own for /metrics (with /healthz and /readyz), on METRICS_HOST. */
  METRICS_PORT: z.coerce.number({ error: 'must be a port number, e.g. 9464' }).int('must be a port number').min(0).max(65535, 'must be a port number').optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
};

type ProcessEnv = z.output<z.ZodObject<typeof processEnvShape>>;

/** Every address of the machine: a metrics listener there is open to whoever reaches it. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '::0', '0:0:0:0:0:0:0:0']);

/** A metrics listener on every address must ask for the token: the numbers say what the install holds. */
export function checkProcessEnv(env: ProcessEnv, ctx: z.RefinementCtx): void {
  if (env.METRICS_PORT !== undefined && WILDCARD_HOSTS.has(env.METRICS_HOST) && env.METRICS_TOKEN === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['METRICS_HOST'],
      message: `is ${env.METRICS_HOST} (every address) without METRICS_TOKEN: /metrics on METRICS_PORT would be open to anyone who reaches it. Set METRICS_TOKEN (e.g. openssl rand -hex 32), or set METRICS_HOST to a private address.`,
    });
  }
}

export interface ProcessSettings {
  role: ProcessRole;
  /** The application's pages and API (every role but worker and migrate). */
  serveApp: boolean;
  /** Longest wait for requests in flight and running jobs once asked to stop. */
  shutdownTimeoutMs: number;
  /** How long /readyz answers 503 before the port closes, so a load balancer stops sending first. */
  drainMs: number;
  metrics: {
    /** Bearer token for /metrics on the app's port; unset there, it is a 404. */
    token?: string;
    /** A listener of its own for /metrics, when set. */
    listener?: { host: string; port: number };
  };
}

/**
 * RUN_WORKERS is the older switch and still works for `all` (false = HTTP only, like `web`);
 * `web` never runs jobs and `worker` always does, whatever it says.
 */
export function runsJobs(role: ProcessRole, runWorkers: boolean): boolean {
  return role === 'worker' || (role === 'all' && runWorkers);
}

export function processSettings(e: ProcessEnv): ProcessSettings {
  const role = e.PROCESS_ROLE;
  return {
    role,
    serveApp: role === 'all' || role === 'web',
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    // Behind a load balancer (web) the balancer needs a few health checks to notice; on one machine nobody is asking.
    drainMs: (e.SHUTDOWN_DRAIN_SECONDS ?? (role === 'web' ? 5 : 0)) * 1000,
    metrics: {
      token: e.METRICS_TOKEN,
      listener: e.METRICS_PORT === undefined ? undefined : { host: e.METRICS_HOST, port: e.METRICS_PORT },
    },
  };
}

/**
 * The role given as the first command-line argument (`node dist/server/main.js worker`),
 * put in place of PROCESS_ROLE; an unknown word is refused with the words that are known.
 */
export function withRoleArgument(args: readonly string[], env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const [role] = args;
  if (role === undefined) return env;
  if (!(PROCESS_ROLES as readonly string[]).includes(role)) {
    throw new RoleArgumentError(`Unknown process role "${role}": the argument ${ROLE_MESSAGE} (or set PROCESS_ROLE). See docs/deploy.md, "Process roles".`);
  }
  return { ...env, PROCESS_ROLE: role };
}

export class RoleArgumentError extends Error {}
