import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../server-process';
import { startRoundRobinProxy, type Proxy } from './round-robin-proxy';
import { OpenInspections, runMixedLoad, type MixedResult, type Session } from './mixed-load';
import { medianResult } from './rounds';

export interface InstancesRow extends MixedResult {
  'set-up': string;
  'x one instance': number;
}

/**
 * The several-machine shape of docs/deploy.md on this machine's two cores: a worker and two
 * web processes (PROCESS_ROLE) on the one database and one bucket (`env`), each with a data
 * folder of its own, behind a round-robin proxy; and the same with the proxy sending every
 * connection to one of the two web processes. The mixed load against each, in turn, for
 * `rounds` rounds; the median round kept. Nothing is pinned: both set-ups have both cores.
 */
export async function compareInstances(options: {
  env: Record<string, string>;
  workDir: string;
  origin: string;
  sessions: Session[];
  open: OpenInspections;
  durationSeconds: number;
  rounds: number;
  failures?: string[];
}): Promise<InstancesRow[]> {
  const started: RunningServer[] = [];
  const proxies: Proxy[] = [];
  const start = async (role: 'web' | 'worker') => {
    const dataDir = mkdtempSync(path.join(options.workDir, `${role}-`));
    const server = await startServer({ ...options.env, PROCESS_ROLE: role, DATA_DIR: dataDir, ...(role === 'web' ? { SHUTDOWN_DRAIN_SECONDS: '0' } : {}) });
    started.push(server);
    return server;
  };
  try {
    await start('worker');
    const webA = await start('web');
    const webB = await start('web');
    const setUps = [
      { name: 'one web instance', instances: 1, proxy: await startRoundRobinProxy([webA.url]) },
      { name: 'two web instances', instances: 2, proxy: await startRoundRobinProxy([webA.url, webB.url]) },
    ];
    proxies.push(...setUps.map((s) => s.proxy));
    const run = async (s: (typeof setUps)[number], seconds: number) =>
      runMixedLoad({ url: s.proxy.url, instances: s.instances, origin: options.origin, sessions: options.sessions, open: await options.open.refresh(), durationSeconds: seconds, failures: options.failures });
    for (const s of setUps) await run(s, 1);
    const samples = new Map<string, MixedResult[]>(setUps.map((s) => [s.name, []]));
    for (let round = 0; round < options.rounds; round++) for (const s of setUps) samples.get(s.name)!.push(await run(s, options.durationSeconds));
    const one = medianResult(samples.get('one web instance')!);
    return setUps.map((s) => {
      const result = medianResult(samples.get(s.name)!);
      return { 'set-up': s.name, ...result, 'x one instance': one['req/s'] ? Number((result['req/s'] / one['req/s']).toFixed(2)) : 0 };
    });
  } finally {
    for (const proxy of proxies) await proxy.close();
    for (const server of started.reverse()) await server.stop();
  }
}
