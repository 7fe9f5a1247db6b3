import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { LIBRARY } from '.';

/**
 * Writes the library's data (LIBRARY) to requirement_library, after the migrations, under
 * their lock: new rows are added, changed ones updated in place (same id, found by code set and
 * key), and rows no longer in the data are retired, never deleted, since requirements made
 * from them keep pointing at them. A property's own requirements are copies and do not change
 * here: correcting what properties already have is a migration's work.
 */
export async function syncLibrary(db: Db): Promise<void> {
  const rows = Object.values(LIBRARY).flatMap(({ codeSet, entries }) => {
    const order = new Map<string, number>();
    return entries.map((e) => {
      const sortOrder = (order.get(e.itemType) ?? 0) + 1;
      order.set(e.itemType, sortOrder);
      return {
        code_set: codeSet,
        key: e.key,
        item_type: e.itemType,
        activity: e.activity,
        interval_months: 'months' in e.interval ? e.interval.months : null,
        interval_days: 'days' in e.interval ? e.interval.days : null,
        source: e.source,
        note: e.note ?? null,
        principal: e.principal ?? false,
        sort_order: sortOrder,
        applies_when: e.appliesWhen ?? null,
        window_before_months: e.window?.beforeMonths ?? null,
        window_after_months: e.window?.afterMonths ?? null,
        counts_from: e.countsFrom ?? 'last_done',
        first_after_months: e.firstAfter?.months ?? null,
        restarts: e.restarts ?? null,
      };
    });
  });
  const data = sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(code_set text, key text, item_type text, activity text,
    interval_months int, interval_days int, source text, note text, principal boolean, sort_order int, applies_when jsonb,
    window_before_months int, window_after_months int, counts_from text, first_after_months int, restarts text[])`;
  await db.transaction(async (tx) => {
    // Principal and activity are unique among the rows in use: clear both before rows swap them.
    await tx.execute(sql`
      update requirement_library l set retired = true, principal = false
      where not l.retired and not exists (select 1 from ${data} where x.code_set = l.code_set and x.key = l.key)`);
    await tx.execute(sql`update requirement_library set principal = false, activity = activity || ' #' || id where not retired`);
    await tx.execute(sql`
      insert into requirement_library (code_set, key, item_type, activity, interval_months, interval_days, source, note, principal,
        sort_order, applies_when, window_before_months, window_after_months, counts_from, first_after_months, restarts, retired)
      select x.code_set, x.key, x.item_type::inspection_type, x.activity, x.interval_months, x.interval_days, x.source, x.note, x.principal,
        x.sort_order, x.applies_when, x.window_before_months, x.window_after_months, x.counts_from, x.first_after_months, x.restarts, false
      from ${data}
      on conflict (code_set, key) do update set item_type = excluded.item_type, activity = excluded.activity,
        interval_months = excluded.interval_months, interval_days = excluded.interval_days, source = excluded.source, note = excluded.note,
        principal = excluded.principal, sort_order = excluded.sort_order, applies_when = excluded.applies_when,
        window_before_months = excluded.window_before_months, window_after_months = excluded.window_after_months,
        counts_from = excluded.counts_from, first_after_months = excluded.first_after_months, restarts = excluded.restarts, retired = false`);
  });
}
