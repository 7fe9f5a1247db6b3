import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './testing/app-process';
import { createTestContext, type TestContext } from './testing/test-app';

/**
 * `npm start` as a service manager runs it: the supervisor (scripts/supervise.mjs) over the
 * built server. A server that meets an exception nothing catches logs it, exits, and is
 * started again; SIGTERM to the supervisor stops both.
 */
let server: Awaited<ReturnType<typeof buildServer>>;
let ctx: TestContext;
let dir: string;
beforeAll(async () => {
  [server, ctx] = await Promise.all([buildServer(), createTestContext()]);
  dir = mkdtempSync(path.join(os.tmpdir(), 'firemark-supervise-'));
});
afterAll(async () => {
  server.remove();
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

const supervisor = path.resolve('scripts/supervise.mjs');
const throwOnce = path.resolve('src/server/testing/fixtures/throw-once.mjs');

function until(read: () => string, pattern: RegExp, what: string): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const match = read().match(pattern);
      if (match) {
        clearInterval(timer);
        clearTimeout(limit);
        resolve(match);
      }
    }, 50);
    const limit = setTimeout(() => {
      clearInterval(timer);
      reject(new Error(`${what} did not happen; output:\n${read()}`));
    }, 25_000);
  });
}

describe('a server that meets an error nothing handles', () => {
  it('logs it, exits, and is restarted by npm start; SIGTERM then stops it for good', async () => {
    const code = `import(${JSON.stringify(supervisor)}).then((m) => m.supervise(new URL(${JSON.stringify(`file://${server.entry}`)}), { argv: ['--import', ${JSON.stringify(throwOnce)}] }))`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dir,
        DATABASE_URL: ctx.config.databaseUrl!,
        RUN_WORKERS: 'false',
        THROW_ONCE_MARKER: path.join(dir, 'thrown'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await until(() => output, /Uncaught exception: Error: incorrect header check/, 'the exception being logged');
      await until(() => output, /The server stopped unexpectedly \(exit code 70\); restarting it in 1 s/, 'the restart being announced');
      const [, url] = await until(() => output.split('restarting it in 1 s')[1] ?? '', /Server listening at (http:\/\/127\.0\.0\.1:\d+)/, 'the second start');
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);

  it('is not restarted when it could not start at all: the same error would come back', async () => {
    const code = `import(${JSON.stringify(supervisor)}).then((m) => m.supervise(new URL(${JSON.stringify(`file://${server.entry}`)})))`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
    expect(output).toContain('PORT');
    expect(output).not.toContain('restarting');
  });

  it('stops when the process that started npm start goes away (a service manager signalling npm only)', async () => {
    const code = `import(${JSON.stringify(supervisor)}).then((m) => m.supervise(new URL(${JSON.stringify(`file://${server.entry}`)})))`;
    // Stands for npm: starts the supervisor, then is killed without passing anything on.
    const launcher = `require('child_process').spawn(process.execPath, ['--input-type=module', '-e', ${JSON.stringify(code)}], { stdio: 'inherit' }); setInterval(() => {}, 1000);`;
    const npm = spawn(process.execPath, ['-e', launcher], {
      env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir, DATABASE_URL: ctx.config.databaseUrl!, RUN_WORKERS: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (chunk) => (output += String(chunk)));
    npm.stderr.on('data', (chunk) => (output += String(chunk)));
    try {
      const [, url] = await until(() => output, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/, 'the start');
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      npm.kill('SIGKILL');
      await until(() => output, /The process that started Firemark has gone; stopping the server\./, 'the supervisor noticing');
      await until(() => output, /finishing requests, then stopping/, 'the server stopping');
      await expect
        .poll(async () => fetch(`${url}/healthz`).then(() => 'answering', () => 'stopped'), { timeout: 20_000 })
        .toBe('stopped');
    } finally {
      npm.kill('SIGKILL');
    }
  }, 60_000);
});
