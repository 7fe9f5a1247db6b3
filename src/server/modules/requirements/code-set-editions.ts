import { sql } from 'drizzle-orm';
import { todayInTimeZone } from '@shared/dates';
import type { InspectionType } from '@shared/enums';
import type { Db } from '../../db/client';
import { intArray, syncItems, syncProperties } from '../compliance/compliance-batch.queries';
import { settleWithRestarts } from '../compliance/restarts.queries';
import { MIGRATION_ACTOR } from './code-set-migration';

/**
 * Requirements of properties on a set that enforces an older NFPA 25 (us-cms, ca-nfc, ca-on)
 * that were copied while the set still carried the 2023 edition's rows (library/editions.ts):
 * - one still holding the current edition's activity and note where its own row now says
 *   otherwise (the dry sprinkler field test at 15 years, 10 before the 2020 edition) takes its
 *   row's activity, interval and note, with a line in its history;
 * - one with a window its row no longer has (the windows come from the 2020 edition) counts
 *   again without it.
 * After syncLibrary; a requirement already following its row is not matched, so running it
 * again does nothing. Returns how many requirements it settled again.
 */
export async function followCodeSetEditions(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const renamed = await tx.execute<{ id: number }>(sql`
      with stale as (
        select r.id, r.activity as was, r.interval_months as was_months, l.activity, l.interval_months, l.interval_days, l.note
        from requirements r
        join properties p on p.id = r.property_id
        join requirement_library l on l.id = r.library_id and l.code_set = p.code_set and l.code_set <> 'us-nfpa'
        join requirement_library u on u.code_set = 'us-nfpa' and u.key = l.key
        where r.activity = u.activity and r.activity <> l.activity and r.note is not distinct from u.note
        for update of r
      ),
      changed as (
        update requirements r set activity = s.activity, interval_months = s.interval_months, interval_days = s.interval_days, note = s.note, updated_at = now()
        from stale s where r.id = s.id
        returning r.id, r.organization_id, r.property_id, s.was, s.was_months, s.interval_months
      )
      insert into requirement_changes (organization_id, property_id, requirement_id, kind, detail, reason, changed_by, created_at)
      select c.organization_id, c.property_id, c.id, 'code_set_changed',
        'Follows the edition its code set enforces: was "' || c.was || '"'
          || case when c.was_months is distinct from c.interval_months then '; every ' || c.was_months || ' months, now every ' || c.interval_months || ' months' else '' end,
        null, ${MIGRATION_ACTOR}, now()
      from changed c
      returning requirement_id as id`);
    const windowless = await tx.execute<{ id: number }>(sql`
      select r.id from requirements r
      join properties p on p.id = r.property_id
      join requirement_library l on l.id = r.library_id and l.code_set = p.code_set and l.code_set <> 'us-nfpa'
      where r.window_opens_on is not null and l.window_before_months is null`);
    const ids = [...new Set([...renamed.rows, ...windowless.rows].map((r) => r.id))];
    if (!ids.length) return 0;
    const touched = await tx.execute<{ id: number; property_id: number; item_type: InspectionType; time_zone: string }>(sql`
      select r.id, r.property_id, r.item_type, o.time_zone from requirements r
      join organizations o on o.id = r.organization_id where r.id = any(${intArray(ids)})`);
    const byDay = new Map<string, number[]>();
    for (const row of touched.rows) {
      const day = todayInTimeZone(row.time_zone, now);
      byDay.set(day, [...(byDay.get(day) ?? []), row.id]);
    }
    for (const [day, dayIds] of byDay) await settleWithRestarts(tx, dayIds, day);
    await syncItems(tx, touched.rows.map((r) => ({ propertyId: r.property_id, itemType: r.item_type })));
    await syncProperties(tx, [...new Set(touched.rows.map((r) => r.property_id))]);
    return ids.length;
  });
}
