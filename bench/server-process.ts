import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';

export interface RunningServer {
  url: string;
  process: ChildProcess;
  msToReady: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts the production build (of the checkout in `cwd`, this one by default) and measures the
 * time until /readyz first answers 200. `nodeArgs` go to node before the script (--cpu-prof).
 */
export async function startServer(env: Record<string, string>, cwd = process.cwd(), nodeArgs: string[] = []): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_URL: url, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '10000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('The server exited during start-up');
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const msToReady = performance.now() - started;
  return {
    url,
    process: child,
    msToReady,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}

/** The process's peak resident memory so far (VmHWM). */
export function peakRssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}
