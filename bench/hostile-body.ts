import autocannon from 'autocannon';

/**
 * Issue 12: a signed-in account posts 1.8 MB bodies of 300 arrays nested 3,000 deep to the
 * CSV import, one after another, while /healthz is measured from 10 other connections. The
 * figures: how long one refusal takes, and /healthz's p99 with and without the flood.
 */
export async function measureHostileBody(baseUrl: string, cookie: string, durationSeconds: number): Promise<Record<string, number>> {
  const origin = new URL(baseUrl).origin;
  const nested = `${'['.repeat(3000)}${']'.repeat(3000)}`;
  const body = `{"filename":"x.csv","properties":[${Array.from({ length: 300 }, () => nested).join(',')}]}`;
  const refuse = async () => {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/properties/bulk-import`, { method: 'POST', headers: { 'content-type': 'application/json', origin, cookie }, body });
    if (res.status !== 400) throw new Error(`A hostile import body was answered ${res.status}, not 400`);
    return performance.now() - started;
  };

  const quiet = await autocannon({ url: `${baseUrl}/healthz`, connections: 10, duration: durationSeconds });
  const refusals: number[] = [];
  let flooding = true;
  const flood = (async () => {
    while (flooding) refusals.push(await refuse());
  })();
  const loud = await autocannon({ url: `${baseUrl}/healthz`, connections: 10, duration: durationSeconds });
  flooding = false;
  await flood;
  refusals.sort((a, b) => a - b);
  return {
    'hostile import body (1.8 MB, nested 3,000 deep): refused in (median ms)': Math.round(refusals[Math.floor(refusals.length / 2)]!),
    'hostile import bodies refused during the run': refusals.length,
    'GET /healthz p99, quiet (ms)': quiet.latency.p99,
    'GET /healthz p99, while hostile bodies are refused (ms)': loud.latency.p99,
  };
}
