import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** A Firemark server in a process of its own, as `npm start` runs it (from source, through tsx). */
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

export async function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
