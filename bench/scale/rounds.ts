import type { MixedResult } from './mixed-load';

/**
 * The round of median throughput, with every round's errors added up: on a shared machine one
 * round can be disturbed, and a failure in any round must show.
 */
export function medianResult(rounds: MixedResult[]): MixedResult {
  const sorted = [...rounds].sort((a, b) => a['req/s'] - b['req/s']);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const sum = (key: 'non-2xx' | 'errors' | 'timeouts') => rounds.reduce((n, r) => n + r[key], 0);
  return { ...median, 'non-2xx': sum('non-2xx'), errors: sum('errors'), timeouts: sum('timeouts') };
}
