import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which app processes use the embedded PostgreSQL of a DATA_DIR: one file per user, named
 * after its pid, in DATA_DIR/app-processes. The server is stopped when the last live one
 * leaves; the file of a process that crashed is ignored and removed.
 */

/** Whether a process runs. One that exited but was never reaped (a container's init may not reap) is a zombie: not running. */
export function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return true; // no /proc (macOS): kill(0) is all there is to know
  }
}

/** Records this process as a user of the server; returns the file to hand to `leave`. */
export function join(dataDir: string): string {
  const dir = path.join(dataDir, 'app-processes');
  mkdirSync(dir, { recursive: true });
  // One file per handle, not per pid: a process (a test, a script) may hold two.
  const file = path.join(dir, `${process.pid}-${randomBytes(4).toString('hex')}`);
  writeFileSync(file, '');
  return file;
}

/** Removes this process's record; true when no other live process uses the server. */
export function leave(file: string): boolean {
  rmSync(file, { force: true });
  const dir = path.dirname(file);
  let others = 0;
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    if (isRunning(Number.parseInt(name, 10))) others++;
    else rmSync(path.join(dir, name), { force: true });
  }
  return others === 0;
}
