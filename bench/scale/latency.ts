/** Latencies of one run, in milliseconds, and what a table shows of them. */
export class Latencies {
  private readonly values: number[] = [];

  add(ms: number): void {
    this.values.push(ms);
  }

  get count(): number {
    return this.values.length;
  }

  /** The latency `p` per cent of the requests were at most, rounded to a tenth of a millisecond. */
  percentile(p: number): number {
    if (!this.values.length) return 0;
    const sorted = [...this.values].sort((a, b) => a - b);
    return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10;
  }
}

/** The answer cache's hits and misses so far on a server started with METRICS_TOKEN (its /metrics). */
export async function cacheLookups(baseUrl: string, token: string): Promise<{ hit: number; miss: number }> {
  const text = await (await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const count = (result: string) => Number(new RegExp(`^firemark_answer_cache_lookups_total\\{result="${result}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { hit: count('hit'), miss: count('miss') };
}
