/**
 * Issue 12: one account completes many inspections as non-compliant, 10 at a time, on a
 * property whose manager address is someone else's. The figures: completions per second,
 * and what the mail limits let through (ALERTS_PER_HOUR alerts, one summary, an invitation
 * to the manager) against what they kept back.
 *
 * Run alone (after `npm run build`): node --import tsx bench/alert-flood.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { makePro } from './portfolio';
import { embeddedDatabaseUrl, signUp } from './accounts';
import { startServer } from './server-process';

const COMPLETIONS = 500;
const CONCURRENCY = 10;

export async function measureAlertFlood(baseUrl: string, dbUrl: string): Promise<Record<string, number>> {
  const origin = new URL(baseUrl).origin;
  const json = (cookie?: string) => ({ 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) });
  const { cookie, id: userId } = await signUp(baseUrl, { fullName: 'Flood Account', username: 'flood' });
  await makePro(dbUrl, userId);
  const property = await fetch(`${baseUrl}/api/properties`, {
    method: 'POST',
    headers: json(cookie),
    body: JSON.stringify({ name: 'Flooded Tower', addressLine1: '1 Flood Street', city: 'Reno', state: 'NV', zip: '89501', managerEmail: 'victim@example.net' }),
  });
  const { id: propertyId } = (await property.json()) as { id: number };
  const today = new Date().toISOString().slice(0, 10);
  const ids: number[] = [];
  for (let i = 0; i < COMPLETIONS; i++) {
    const res = await fetch(`${baseUrl}/api/inspections`, {
      method: 'POST',
      headers: json(cookie),
      body: JSON.stringify({ propertyId, inspectionType: 'fire_alarm', dueDate: today, assignedTo: 'Sam Ortiz' }),
    });
    if (res.status !== 201) throw new Error(`Scheduling failed: ${await res.text()}`);
    ids.push(((await res.json()) as { id: number }).id);
  }

  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        const res = await fetch(`${baseUrl}/api/inspections/${id}`, {
          method: 'PUT',
          headers: json(cookie),
          body: JSON.stringify({ status: 'completed', complianceStatus: 'non_compliant', notes: 'Buy cheap watches at example.net' }),
        });
        if (res.status !== 200) throw new Error(`Completion failed: ${await res.text()}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ kind: string; held: boolean; n: number }>(
      `select kind, status = 'suppressed' as held, count(*)::int as n from email_outbox where user_id = $1 group by 1, 2`,
      [userId],
    );
    const count = (kind: string, held: boolean) => rows.find((r) => r.kind === kind && r.held === held)?.n ?? 0;
    const toManager = await client.query(`select count(*)::int as n from email_outbox where to_address = 'victim@example.net' and status <> 'suppressed'`);
    return {
      [`alert flood: ${COMPLETIONS} non-compliant completions, ${CONCURRENCY} at a time (completions/s)`]: Math.round(COMPLETIONS / seconds),
      'alert flood: alerts let through': count('compliance_alert', false),
      'alert flood: summaries let through': count('compliance_alert_summary', false),
      'alert flood: alerts kept back (suppressed)': count('compliance_alert', true),
      'alert flood: mails to the unconfirmed manager (the invitation)': toManager.rows[0].n,
    };
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'firemark-bench-'));
  try {
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      console.table(await measureAlertFlood(server.url, embeddedDatabaseUrl(dataDir)));
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
