import { sql, type SQL } from 'drizzle-orm';
import { nextDueFromSql, type DueWindow } from './due-window.sql';

/**
 * Rows counted from installation or manufacture (decision 041: a sprinkler field test at 50
 * years, a smoke alarm replaced 10 years after manufacture). The day given for one when it is
 * added is that day, kept as last_done_stated_on; its first is due `first_after_months` later,
 * and only later ones every interval. Not known, it is not due now: a year after it was added,
 * estimated, until someone reads the label.
 */

/** Months to the first one for library row `alias` (null: counted from the last done). */
export function libraryFirstAfterSql(alias: string): SQL {
  return sql`(case when ${countsFromADaySql(alias)} then ${sql.raw(alias)}.first_after_months end)`;
}

/** Whether the library row `alias` counts from installation or manufacture. */
export function countsFromADaySql(alias: string): SQL {
  return sql`(${sql.raw(alias)}.counts_from in ('installation', 'manufacture'))`;
}

/** Months from installation or manufacture to the first one, for requirement `alias` (null: counted from the last done). */
export function requirementFirstAfterSql(alias: string): SQL {
  return sql`(select l.first_after_months from requirement_library l where l.id = ${sql.raw(alias)}.library_id and ${countsFromADaySql('l')})`;
}

/**
 * The first due date from the day stated when it was added (an SQL date; null gives null):
 * that day plus `firstAfter` months where the row counts from installation or manufacture,
 * else one interval (or window) later, as from a completion.
 */
export function dueFromStatedSql(alias: string, window: DueWindow, day: SQL, firstAfter: SQL): SQL {
  return sql`coalesce(case when ${firstAfter} is not null then (${day} + make_interval(months => ${firstAfter}))::date end, ${nextDueFromSql(alias, window, day)})`;
}

/** Due date when the day is not known: a year after `today` for such a row (estimated), else `today` (due now). */
export function unknownDueSql(libraryAlias: string, today: string | SQL): SQL {
  return sql`(case when ${countsFromADaySql(libraryAlias)} then (${today}::date + interval '12 months')::date else ${today}::date end)`;
}
