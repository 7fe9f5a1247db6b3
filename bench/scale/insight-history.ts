import pg from 'pg';
import { createDb, createPool } from '../../src/server/db/client';
import { runStatusRecord } from '../../src/server/jobs/status-record';

/**
 * What the Insight figures read and the portfolio seed does not write, for one organisation:
 * its completed inspections get a completion instant (from five days early to nine late
 * around their due date, a year earlier for those due from today on, never after now) and a result (one in nine non-compliant), each
 * non-compliant one a deficiency (severities in turn, two in three corrected a week later);
 * then the daily status record's first run, which derives the trend's history from those
 * inspections as it would on a server that had them. Returns the time the record took (ms).
 */
export async function seedInsightHistory(url: string, organizationId: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await client.query(`set local work_mem = '256MB'`);
    await client.query(
      `update inspections set completed_date = least(now(), (due_date + ((id % 15) - 5) - case when due_date >= current_date then 365 else 0 end)::timestamp + interval '14 hours'),
         compliance_result = (case when id % 9 = 0 then 'non_compliant' else 'compliant' end)::compliance_result
       where organization_id = $1 and status = 'completed'`,
      [organizationId],
    );
    await client.query(
      `insert into deficiencies (organization_id, property_id, inspection_id, item_type, description, severity, corrected_on)
       select i.organization_id, i.property_id, i.id, i.inspection_type, 'Found on inspection ' || i.id,
         (array['critical', 'impairment', 'non_critical'])[1 + (i.id / 9) % 3]::deficiency_severity,
         case when (i.id / 27) % 3 <> 0 then (i.completed_date + interval '7 days')::date end
       from inspections i where i.organization_id = $1 and i.status = 'completed' and i.compliance_result = 'non_compliant'`,
      [organizationId],
    );
    // The triggers are off here, so the open deficiencies' found instants are kept as migration 0054 keeps them.
    await client.query(
      `insert into open_deficiency_found (deficiency_id, organization_id, property_id, severity, found_at)
       select d.id, d.organization_id, d.property_id, d.severity, coalesce(i.completed_date, d.created_at)
       from deficiencies d join inspections i on i.id = d.inspection_id
       where d.organization_id = $1 and d.corrected_on is null
       on conflict (deficiency_id) do update set found_at = excluded.found_at`,
      [organizationId],
    );
    // And the attention ranking's inputs, for the critical deficiencies just written (migration 0059).
    await client.query('select attention_inputs_rebuild($1::int[])', [[organizationId]]);
    await client.query('commit');
    await client.query('vacuum analyze inspections, deficiencies, open_deficiency_found, attention_inputs');
  } finally {
    await client.end();
  }
  const pool = createPool(url, 2);
  try {
    const started = performance.now();
    await runStatusRecord(createDb(pool), new Date());
    const ms = performance.now() - started;
    const vacuum = new pg.Client({ connectionString: url });
    await vacuum.connect();
    await vacuum.query('vacuum analyze property_status_changes, status_days');
    await vacuum.end();
    return ms;
  } finally {
    await pool.end();
  }
}
