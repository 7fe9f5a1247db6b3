import { sql } from 'drizzle-orm';
import type { DeviceRequirementResponse } from '@shared/schemas/device';
import type { DbOrTx } from '../../db/client';
import { DUE_UNKNOWN_REASONS } from './device-requirements.queries';
import { effectiveDoneOnSql, effectiveResultSql, plainDoneSql } from './plain-completions.sql';

/** A device's clocks and its history, as its page shows them. */

export async function requirementsOfDevice(db: DbOrTx, deviceId: number): Promise<DeviceRequirementResponse[]> {
  const result = await db.execute<{
    id: number;
    requirement_id: number;
    activity: string;
    interval_months: number | null;
    interval_days: number | null;
    source: string | null;
    counts_from: DeviceRequirementResponse['countsFrom'];
    last_done_on: string | null;
    last_result: DeviceRequirementResponse['lastResult'];
    next_due_date: string | null;
  }>(sql`
    select dr.id, dr.requirement_id, r.activity, r.interval_months, r.interval_days, r.source, dr.counts_from,
      to_char(${effectiveDoneOnSql('dr', 'd', 'pd')}, 'YYYY-MM-DD') as last_done_on, ${effectiveResultSql('dr', 'd', 'pd')} as last_result,
      to_char(dr.next_due_date, 'YYYY-MM-DD') as next_due_date
    from device_requirements dr
    join devices d on d.id = dr.device_id
    join requirements r on r.id = dr.requirement_id
    -- A plain completion of the activity counts for the device too (plain-completions.sql.ts).
    left join lateral (${plainDoneSql(sql`r.id = dr.requirement_id`)}) pd on true
    where dr.device_id = ${deviceId}
    order by dr.next_due_date nulls last, coalesce(r.interval_months * 31, r.interval_days), r.id`);
  return result.rows.map((r) => ({
    id: r.id,
    requirementId: r.requirement_id,
    activity: r.activity,
    intervalMonths: r.interval_months,
    intervalDays: r.interval_days,
    source: r.source,
    countsFrom: r.counts_from,
    lastDoneOn: r.last_done_on,
    lastResult: r.last_result,
    nextDueDate: r.next_due_date,
    dueUnknownReason: r.next_due_date === null && r.counts_from !== 'last_done' ? DUE_UNKNOWN_REASONS[r.counts_from] : null,
  }));
}

export type HistoryRow = {
  kind: 'result' | 'deficiency' | 'status';
  at: Date | string;
  result: 'pass' | 'fail' | 'not_accessible' | null;
  activity: string | null;
  inspection_id: number | null;
  deficiency_id: number | null;
  detail: string | null;
  reasons: string[] | null;
  /** A result's activity in the library, whose checklist words its failed checks. */
  library_key: string | null;
  by: string | null;
  event_kind: string | null;
  changes: Record<string, [unknown, unknown]> | null;
  photo_ids: number[] | null;
};

/**
 * Everything recorded about a device, newest first: walk-through results, deficiencies found on
 * it (with their photos) and its own changes as the history triggers recorded them (added,
 * edited, status). Each part is read through an index on the device (its changes through
 * history_events_entity_idx, not by filtering all of its property's events).
 */
export async function historyOfDevice(db: DbOrTx, device: { id: number; propertyId: number }): Promise<HistoryRow[]> {
  const result = await db.execute<HistoryRow & Record<string, unknown>>(sql`
    select 'result' as kind, wr.recorded_at as at, wr.result, r.activity, w.inspection_id, wr.deficiency_id,
      wr.reason as detail, wr.failed_checks as reasons, l.key as library_key, coalesce(nullif(u.full_name, ''), u.username) as by,
      null as event_kind, null::jsonb as changes, null::int[] as photo_ids
    from walkthrough_results wr
    join walkthroughs w on w.id = wr.walkthrough_id
    join requirements r on r.id = w.requirement_id
    left join requirement_library l on l.id = r.library_id
    left join users u on u.id = wr.recorded_by
    where wr.device_id = ${device.id}
    union all
    select 'deficiency', df.created_at, null, null, df.inspection_id, df.id,
      df.description || case when df.corrected_on is not null then ' (corrected ' || to_char(df.corrected_on, 'YYYY-MM-DD') || ')' else '' end,
      null, null, null, null, null,
      (select array_agg(ph.id order by ph.id) from deficiency_photos ph where ph.deficiency_id = df.id and ph.quarantined_at is null)
    from deficiencies df
    where df.device_id = ${device.id}
    union all
    select 'status', e.occurred_at, null, null, null, null, null, null, null, e.actor_name, e.kind, e.changes, null
    from history_events e
    -- The device's own events (history_events_entity_idx); its id names it alone, whatever the property.
    where e.entity_table = 'devices' and e.entity_id = ${device.id}
    order by at desc`);
  return result.rows;
}
