// Runs the built server in a child process and keeps it running: a server that stops on an
// error it could not handle (exit code 70, or killed by a signal it did not ask for) is
// started again after 1 s, then 2, 4 … up to 30 s while it keeps failing soon after starting.
// A server that could not start at all (a configuration error, a port in use) is not
// restarted: the same error would come back. SIGTERM and SIGINT are passed on and the
// supervisor exits with the server; if the process that started the supervisor goes away
// (a service manager or npm that was killed), the server is stopped too.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The server's exit code for "stopped on an error it could not handle" (src/server/main.ts). */
export const CRASH_EXIT_CODE = 70;
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** A server that ran this long before failing starts again from the first delay. */
const HEALTHY_AFTER_MS = 60_000;

const say = (message) => console.log(`[firemark] ${message}`);

// `argv` goes to node (before the entry), `args` to the server (after it: its role, e.g. worker).
export function supervise(entry, { argv = [], args = [], env = process.env } = {}) {
  let child;
  let stopping = false;
  let restartTimer;
  let failures = 0;
  const parent = process.ppid;

  const start = () => {
    restartTimer = undefined;
    const startedAt = Date.now();
    let ready = false;
    child = spawn(process.execPath, [...argv, fileURLToPath(entry), ...args], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env });
    child.on('message', (message) => {
      if (message === 'ready') ready = true;
    });
    child.on('exit', (code, signal) => {
      child = undefined;
      if (stopping) process.exit(code ?? 0);
      const crashed = code === CRASH_EXIT_CODE || (signal !== null && signal !== 'SIGTERM' && signal !== 'SIGINT');
      if (!crashed && !(ready && code !== 0)) process.exit(code ?? 1);
      failures = Date.now() - startedAt > HEALTHY_AFTER_MS ? 1 : failures + 1;
      const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - 1));
      say(`The server stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}); restarting it in ${delay / 1000} s (restart ${failures} in a row).`);
      restartTimer = setTimeout(start, delay);
    });
  };

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    if (restartTimer) {
      clearTimeout(restartTimer);
      process.exit(0);
    }
    child?.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // Reparented: whatever started us is gone, and nothing would stop the server any more.
  setInterval(() => {
    if (process.ppid !== parent) {
      say('The process that started Firemark has gone; stopping the server.');
      stop('SIGTERM');
    }
  }, 1_000).unref();
  start();
}
