import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ON_TIME_MONTHS } from './insight.queries';

/** A kept month of the on-time figure, as the figure answers it. */
export interface KeptMonth {
  month: string;
  completed: number;
  onTime: number;
  medianDaysLate: number | null;
}

/** How long the record waits for completions being written to finish before it leaves its months for the next run. */
const LOCK_WAIT = '500ms';

/**
 * The closed months of the on-time figure (the ON_TIME_MONTHS - 1 before the current one, in
 * each organisation's zone) for every organisation, counted as the live figure counts them and
 * kept in on_time_months. Only months missing, or kept in another zone, are counted; older
 * months are let go. Running it twice writes the same rows.
 *
 * A completion written into a closed month while a month is being counted must not be lost:
 * its trigger (on_time_months_invalidate) deletes the kept month, but a count taken before it
 * committed would be written after, and kept for good. So the record first takes a lock that
 * waits for every transaction whose trigger has touched on_time_months and holds new ones off,
 * then counts in a new statement, which sees what they committed. When writers keep it waiting
 * past LOCK_WAIT, it gives up (nothing is written) and the next hourly run counts those months.
 */
export async function recordOnTimeMonths(db: DbOrTx, now: Date): Promise<number> {
  const instant = sql`${now.toISOString()}::timestamptz`;
  const thisMonth = sql`date_trunc('month', (${instant} at time zone o.time_zone))::date`;
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_WAIT}'`));
      await tx.execute(sql`lock table on_time_months in share row exclusive mode`);
      await tx.execute(sql`
        delete from on_time_months m using organizations o
        where o.id = m.organization_id and m.month < (${thisMonth} - ${ON_TIME_MONTHS - 1}::int * interval '1 month')::date`);
      const written = await tx.execute(sql`
        with missing as materialized (
          select o.id as organization_id, o.time_zone, months.m
          from organizations o
          cross join lateral (
            select generate_series(${thisMonth} - ${ON_TIME_MONTHS - 1}::int * interval '1 month', ${thisMonth} - interval '1 month', interval '1 month')::date as m
          ) months
          where not exists (select 1 from on_time_months k where k.organization_id = o.id and k.month = months.m and k.time_zone = o.time_zone)
        )
        insert into on_time_months as m (organization_id, month, time_zone, completed, on_time, median_days_late)
        select missing.organization_id, missing.m, missing.time_zone, counted.completed, counted.on_time, counted.median
        from missing
        cross join lateral (
          select count(*)::int as completed, count(*) filter (where late <= 0)::int as on_time,
            percentile_cont(0.5) within group (order by late) filter (where late > 0) as median
          from (
            select (i.completed_date at time zone missing.time_zone)::date - i.due_date as late
            from inspections i
            where i.organization_id = missing.organization_id and i.status = 'completed'
              and i.completed_date >= (missing.m::timestamp at time zone missing.time_zone)
              and i.completed_date < ((missing.m + interval '1 month')::timestamp at time zone missing.time_zone)
          ) done
        ) counted
        on conflict (organization_id, month) do update set time_zone = excluded.time_zone, completed = excluded.completed,
          on_time = excluded.on_time, median_days_late = excluded.median_days_late, recorded_at = now()`);
      return written.rowCount ?? 0;
    });
  } catch (error) {
    if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE || (error as { cause?: { code?: string } }).cause?.code === LOCK_NOT_AVAILABLE) return 0;
    throw error;
  }
}

const LOCK_NOT_AVAILABLE = '55P03';

/**
 * The kept closed months of an organisation from `first` to `last` (YYYY-MM-DD, first days),
 * counted in `timeZone`; null unless every one of them is kept, so a figure is either read
 * from them whole or counted live whole.
 */
export async function keptOnTimeMonths(db: DbOrTx, organizationId: number, timeZone: string, first: string, last: string, count: number): Promise<KeptMonth[] | null> {
  const { rows } = await db.execute<{ month: string; completed: number; onTime: number; medianDaysLate: number | null }>(sql`
    select to_char(month, 'YYYY-MM') as month, completed, on_time as "onTime", median_days_late as "medianDaysLate"
    from on_time_months
    where organization_id = ${organizationId} and time_zone = ${timeZone} and month between ${first}::date and ${last}::date
    order by month`);
  if (rows.length !== count) return null;
  return rows.map((r) => ({ ...r, medianDaysLate: r.medianDaysLate === null ? null : Number(r.medianDaysLate) }));
}
