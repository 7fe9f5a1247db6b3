import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { accountDataChanged } from '../cache/account-cache';
import type { Db } from '../db/client';
import { recordOnTimeMonths } from '../modules/insight/on-time-months.queries';
import { compactRequirementDueDeltas } from '../modules/insight/requirement-due-deltas.queries';
import { compactDashboardCountDeltas } from '../modules/dashboard/dashboard-counts.queries';
import { deriveStatusHistory, organizationsWithoutRecord, recordStatusDay, writeDerivedSundays } from '../modules/insight/status-record.queries';

export const STATUS_RECORD_QUEUE = 'status-record';

/**
 * The daily status record behind the compliance trend (docs/insight.md, decision 044). It runs
 * every hour so each organisation's day is recorded soon after it begins, wherever it is, and
 * the day's last state is the one kept; a run that finds nothing changed writes only the day's
 * counts. One instance runs it (singleton); a missed hour or day is caught up by the next run,
 * which compares each property with its last row.
 */
export async function startStatusRecord(boss: PgBoss, db: Db, log: FastifyBaseLogger): Promise<void> {
  if (!(await boss.getQueue(STATUS_RECORD_QUEUE))) {
    await boss.createQueue(STATUS_RECORD_QUEUE, { name: STATUS_RECORD_QUEUE, policy: 'singleton', retryLimit: 3 });
  }
  await boss.schedule(STATUS_RECORD_QUEUE, '7 * * * *');
  // At start too, so a new server begins the record (and derives the history) without waiting for the hour.
  await boss.send(STATUS_RECORD_QUEUE, {});
  await boss.work(STATUS_RECORD_QUEUE, async () => {
    const done = await runStatusRecord(db, new Date());
    log.info(done, 'Status record written');
  });
}

/**
 * One run: organisations whose record has not begun get their history derived from their
 * inspections first, and the counts of the year's Sundays before today from it; then every
 * organisation's day is recorded, and the on-time figure's closed months not yet kept are counted
 * (`months`, on_time_months; the same numbers the figure counts live, so no cache is cleared);
 * the workload figure's requirement_due_deltas are summed to a row per day and type, and the
 * dashboard's dashboard_count_deltas to a row per kind and day.
 */
export async function runStatusRecord(db: Db, now: Date): Promise<{ derived: number; changes: number; days: number; months: number }> {
  let derived = 0;
  for (const organizationId of await organizationsWithoutRecord(db)) {
    const rows = await deriveStatusHistory(db, organizationId, now);
    await writeDerivedSundays(db, organizationId, now);
    // Past weeks of a remembered trend change with a derived history (rows of today do not: this week is read live).
    if (rows > 0) await accountDataChanged(db, organizationId);
    derived += rows;
  }
  const day = await recordStatusDay(db, now);
  const months = await recordOnTimeMonths(db, now);
  await compactRequirementDueDeltas(db);
  await compactDashboardCountDeltas(db);
  return { derived, ...day, months };
}
