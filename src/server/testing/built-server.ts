import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startAppProcess, type AppProcess } from './app-process';

/** The server as `npm run build` wrote it: what runs on each machine. */
export const BUILT_ENTRY = fileURLToPath(new URL('../../../dist/server/main.js', import.meta.url));

export function requireBuild(): string {
  if (!existsSync(BUILT_ENTRY)) throw new Error(`${BUILT_ENTRY} is missing: run npm run build first (npm run test:multi-instance builds when the sources changed).`);
  return BUILT_ENTRY;
}

/** Runs the build to its end (`node dist/server/main.js <args>`), as a one-off command on a machine. */
export function runBuiltToEnd(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return runToEnd(requireBuild(), args, env);
}

/** Runs a built server (`node <entry> <args>`) to its end; resolves with its exit code and output. */
export function runToEnd(entry: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const child = spawn(process.execPath, [entry, ...args], {
    env: { ...inherited, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** A long-running process of the build (web or worker). */
export function startBuilt(env: Record<string, string>): Promise<AppProcess> {
  return startAppProcess(requireBuild(), env);
}

/** A browser's requests to one instance: JSON bodies, the session cookie, and the Origin the app expects of state-changing requests. */
export interface Call {
  method?: string;
  cookie?: string;
  json?: unknown;
  body?: Buffer;
  contentType?: string;
}

export const APP_ORIGIN = 'http://localhost:3000';

export function call(instance: AppProcess, path: string, options: Call = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  const method = options.method ?? (options.json !== undefined || options.body ? 'POST' : 'GET');
  if (method !== 'GET') headers.origin = APP_ORIGIN;
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | Blob | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body) {
    headers['content-type'] = options.contentType ?? 'application/octet-stream';
    body = new Blob([new Uint8Array(options.body)]);
  }
  return fetch(`${instance.url}${path}`, { method, headers, body });
}

/** Signs in on one instance; the session cookie (`name=value`) it set. */
export async function signIn(instance: AppProcess, username: string, password: string): Promise<string> {
  const res = await call(instance, '/api/auth/login', { json: { username, password } });
  if (res.status !== 200) throw new Error(`Sign-in on ${instance.url} answered ${res.status}: ${await res.text()}`);
  return res.headers.getSetCookie().find((c) => c.startsWith('firemark_session='))!.split(';')[0]!;
}
