import { sql, type SQL } from 'drizzle-orm';

/**
 * Where the code gives a window (NFPA 25's quarterly 2 to 4 months, annual 9 to 15;
 * library/windows.ts), a requirement is due by the day the window CLOSES, and the window opens
 * some months before the nominal day (last done plus the interval). Every date counted from a
 * last-done day goes through nextDueFromSql, so the schedule, statuses, due lists, reminders
 * and counts, which all read next_due_date, follow the window (docs/decisions/037-due-windows.md).
 */
export type DueWindow = { before: SQL; after: SQL };

/**
 * A requirement's window: its library row's, while it keeps the library's interval (a changed
 * interval is the property's own, with no window in the code). Null months: no window.
 * `alias` is the requirements alias.
 */
export function requirementWindow(alias: string): DueWindow {
  const r = sql.raw(alias);
  const of = (column: string) => sql`(select l.${sql.raw(column)} from requirement_library l
    where l.id = ${r}.library_id and l.interval_months is not distinct from ${r}.interval_months
      and l.interval_days is not distinct from ${r}.interval_days)`;
  return { before: of('window_before_months'), after: of('window_after_months') };
}

/** A library row's own window (`alias` is the requirement_library alias). */
export function libraryWindow(alias: string): DueWindow {
  const l = sql.raw(alias);
  return { before: sql`${l}.window_before_months`, after: sql`${l}.window_after_months` };
}

/**
 * Next due after something done on `day` (an SQL date; null gives null): one interval later or,
 * windowed, the day the window closes, counted in whole months from `day` (NFPA 25's "maximum
 * of 4 months" is day + 4 months, not day + 3 months + 1 month, which differ at a month's end).
 * `alias` holds interval_months and interval_days.
 */
export function nextDueFromSql(alias: string, window: DueWindow, day: SQL): SQL {
  const a = sql.raw(alias);
  return sql`(${day} + make_interval(months => coalesce(${a}.interval_months, 0) + coalesce(${window.after}, 0),
    days => coalesce(${a}.interval_days, 0)))::date`;
}

/** The day the window opens after something done on `day`; null without a window (or a day). */
export function windowOpensFromSql(alias: string, window: DueWindow, day: SQL): SQL {
  const a = sql.raw(alias);
  return sql`(case when ${window.before} is not null and ${a}.interval_months is not null
    then (${day} + make_interval(months => ${a}.interval_months - ${window.before}))::date end)`;
}
