import { z } from 'zod';
import { DEFAULT_PHOTO_MAX_BYTES } from '@shared/records';
import { billingEnvShape, billingSettings, checkBillingEnv, type BillingSettings } from './modules/billing/billing-config';
import { EMPTY_ALLOW_LIST, webhookAllowedHostsEnv, type WebhookAllowList } from './modules/webhooks/allowed-hosts';
import { checkProcessEnv, processEnvShape, processSettings, runsJobs, type ProcessSettings } from './process-config';
import { checkRoleStorage, checkStorageEnv, storageEnvShape, storageSettings, type FileStoreSettings } from './files/storage-config';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** `scheme://host[:port]` as browsers send it in Origin, or null for anything else. */
function originOf(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  // A trailing "/" is tolerated; "https://a.example/app" is not an origin.
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return web && bare ? url.origin : null;
}

/** Every setting the server reads from the environment, each with a safe default. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Connections this process keeps to PostgreSQL for requests (each a server process there; bench/README.md "Scale"). */
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a number of connections, e.g. 10' })
    .int('must be a whole number')
    .min(2, 'must be at least 2')
    .max(100, 'must be at most 100')
    .default(10),
  APP_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL such as https://firemark.example.com' })
    .default('http://localhost:3000'),
  /** Origins besides APP_URL's that may send state-changing requests, comma-separated. */
  ALLOWED_ORIGINS: z
    .string()
    .transform((list, ctx) => {
      const origins: string[] = [];
      for (const item of list.split(',').map((v) => v.trim()).filter(Boolean)) {
        const origin = originOf(item);
        if (origin) origins.push(origin);
        else
          ctx.addIssue({
            code: 'custom',
            message: `"${item}" is not an origin: list http:// or https:// origins without a path, separated by commas, e.g. https://firemark.example.com,http://localhost:5173`,
          });
      }
      return origins;
    })
    .default([]),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Firemark <no-reply@firemark.example>'),
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('support@firemark.example'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFromEnv.default(false),
  /** Attempts per minute per client on login, register and forgot-password. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Largest deficiency photo accepted, in bytes (10 MB by default); photos are kept under DATA_DIR/photos. */
  PHOTO_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes, e.g. 10485760 for 10 MB' })
    .int('must be a whole number of bytes')
    .min(100 * 1024, 'must be at least 102400 (100 KB)')
    .max(50 * 1024 * 1024, 'must be at most 52428800 (50 MB)')
    .default(DEFAULT_PHOTO_MAX_BYTES),
  /** Threads that draw report PDFs (each with its own heap limit), off the thread that answers requests. */
  REPORT_WORKERS: z.coerce.number({ error: 'must be a number of threads, e.g. 1' }).int('must be a whole number').min(1, 'must be at least 1').max(16, 'must be at most 16').default(1),
  /** A report still drawing after this many seconds is stopped and answered as failed. */
  REPORT_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number of seconds, e.g. 60' }).int('must be a whole number').min(5, 'must be at least 5').max(600, 'must be at most 600').default(60),
  /** Heap limit of each report-drawing thread, in MB. */
  REPORT_MEMORY_MB: z.coerce.number({ error: 'must be a number of megabytes, e.g. 512' }).int('must be a whole number').min(128, 'must be at least 128').max(8192, 'must be at most 8192').default(512),
  /** Largest report PDF kept, in bytes (25 MB by default); a larger one is refused with a message. */
  REPORT_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes, e.g. 26214400 for 25 MB' })
    .int('must be a whole number of bytes')
    .min(10 * 1024, 'must be at least 10240 (10 KB)')
    .max(500 * 1024 * 1024, 'must be at most 524288000 (500 MB)')
    .default(25 * 1024 * 1024),
  /** Internal hosts and networks webhooks may call (docs/webhooks.md); unset, only public addresses. */
  WEBHOOK_ALLOWED_HOSTS: webhookAllowedHostsEnv.default(EMPTY_ALLOW_LIST),
  /** Run the background workers (e-mail delivery, schedules) in this process; the older switch, read with PROCESS_ROLE=all only. */
  RUN_WORKERS: booleanFromEnv.default(true),
  /** PROCESS_ROLE, SHUTDOWN_ and METRICS_ variables: what this process runs, how it stops, its metrics. */
  ...processEnvShape,
  /** BILLING and the STRIPE_ variables: Stripe, the built-in test mode, or no billing. */
  ...billingEnvShape,
  /** FILE_STORE and the S3_ variables: photos and report PDFs on disk or in an S3-compatible store. */
  ...storageEnvShape,
}).superRefine(checkBillingEnv).superRefine(checkStorageEnv).superRefine(checkRoleStorage).superRefine(checkProcessEnv);

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE: the request pool's connections. */
  databasePoolSize: number;
  appUrl: string;
  appOrigin: string;
  /** Origins besides appOrigin that state-changing requests may come from. */
  allowedOrigins: string[];
  secureCookies: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  sessionSecret: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  authRateLimit: number;
  /** Jobs run in this process: PROCESS_ROLE worker, or all with RUN_WORKERS on. */
  runWorkers: boolean;
  process: ProcessSettings;
  photoMaxBytes: number;
  reports: { workers: number; timeoutMs: number; memoryMb: number; maxBytes: number };
  billing: BillingSettings;
  /** WEBHOOK_ALLOWED_HOSTS: set by the operator only, never by an account. */
  webhookAllowList: WebhookAllowList;
  /** Where photos and report PDFs are kept (FILE_STORE). */
  fileStore: FileStoreSettings;
}

export class ConfigError extends Error {}

/** Parses the environment once at start; a bad value stops the process with a clear message. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "unset", as in most shells' `FOO= cmd`.
  const env = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee README.md, "Configuration".`);
  }
  const e = parsed.data;
  const appUrl = new URL(e.APP_URL);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    appUrl: appUrl.toString().replace(/\/$/, ''),
    appOrigin: appUrl.origin,
    allowedOrigins: e.ALLOWED_ORIGINS,
    secureCookies: appUrl.protocol === 'https:',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    sessionSecret: e.SESSION_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    authRateLimit: e.AUTH_RATE_LIMIT,
    runWorkers: runsJobs(e.PROCESS_ROLE, e.RUN_WORKERS),
    process: processSettings(e),
    photoMaxBytes: e.PHOTO_MAX_BYTES,
    reports: { workers: e.REPORT_WORKERS, timeoutMs: e.REPORT_TIMEOUT_SECONDS * 1000, memoryMb: e.REPORT_MEMORY_MB, maxBytes: e.REPORT_MAX_BYTES },
    billing: billingSettings(e),
    webhookAllowList: e.WEBHOOK_ALLOWED_HOSTS,
    fileStore: storageSettings(e),
  };
}
