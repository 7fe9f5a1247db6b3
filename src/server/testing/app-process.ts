import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The server bundled as `npm run build` bundles it (scripts/build-server.mjs), into a folder of
 * its own under dist/ so that it finds node_modules and drizzle/ as the real build does. It
 * starts in a fraction of the time tsx takes to compile the sources at every start.
 */
export async function buildServer(): Promise<{ entry: string; remove(): void }> {
  const dir = path.join(root, 'dist', `test-server-${randomBytes(4).toString('hex')}`);
  const entry = path.join(dir, 'main.js');
  await build({
    entryPoints: { main: path.join(root, 'src/server/main.ts'), 'report-worker': path.join(root, 'src/server/modules/reports/report-worker.ts') },
    outdir: dir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'warning',
  });
  return { entry, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A Firemark server in a process of its own, as `npm start` runs it. */
export interface AppProcess {
  /** Where it listens, e.g. http://127.0.0.1:41234 */
  url: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** SIGTERM, as a service manager stops it; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: a crash, nothing cleaned up. */
  crash(): Promise<void>;
}

/** Starts the bundle that `buildServer` made. */
export async function startAppProcess(entry: string, env: Record<string, string>): Promise<AppProcess> {
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...inherited, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) {
        child.stdout!.off('data', check);
        resolve(listening[1]!);
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => reject(new Error(`The app exited (${code}) before it listened:\n${output}`)));
  });

  return {
    url,
    child,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
