import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isRunning, join, leave } from './app-processes';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-app-processes-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('app processes using the embedded server', () => {
  it('the last live one to leave is told to stop the server; a crashed one does not count and is cleaned up', async () => {
    const first = join(dataDir);
    const second = join(dataDir);
    const crashed = path.join(dataDir, 'app-processes', `${await deadPid()}-0badc0de`);
    writeFileSync(crashed, '');

    expect(leave(first)).toBe(false); // the second still uses it
    expect(leave(second)).toBe(true);
    expect(readdirSync(path.join(dataDir, 'app-processes'))).toEqual([]);
  });

  it('takes an exited process that nobody reaped (a zombie) for a dead one', async () => {
    // The shell's child exits at once; the shell then becomes `sleep`, which never reaps it.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30']);
    const zombie = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (d) => resolve(String(d)))));
    try {
      const state = () => {
        const stat = readFileSync(`/proc/${zombie}/stat`, 'utf8');
        return stat[stat.lastIndexOf(')') + 2];
      };
      while (state() !== 'Z') await new Promise((resolve) => setTimeout(resolve, 10));
      expect(() => process.kill(zombie, 0)).not.toThrow(); // what a naive check would go by
      expect(isRunning(zombie)).toBe(false);
      expect(isRunning(parent.pid!)).toBe(true);
      expect(isRunning(await deadPid())).toBe(false);
    } finally {
      parent.kill();
    }
  });
});
