import { sql } from 'drizzle-orm';
import type { CodeSet } from '@shared/code-sets';
import type { InspectionType } from '@shared/enums';
import type { DbOrTx } from '../../db/client';
import { appliesSql, itemAnswersSql } from './library/applies.sql';
import { countsFromADaySql, unknownDueSql } from '../compliance/counts-from.sql';

/**
 * What changing properties' code sets does to their requirements (issue 37 §3), one row each:
 * a library requirement whose library row's key the new set has is *matched* (it keeps its id,
 * inspections and history and takes the new row's activity, interval, source and library_id);
 * one whose key the new set lacks *leaves* (kept, no longer applies); a row of the new set for a
 * safety item the property has, whose key none of its requirements has, is *added*. Requirements
 * of one's own are not touched. Several properties at once: the migration moves every Canadian
 * property in one pass.
 */
export interface PlanRow {
  property_id: number;
  kind: 'matched' | 'leaving' | 'added';
  requirement_id: number | null;
  item_type: InspectionType;
  /** As it is now (null when added). */
  activity: string | null;
  interval_months: number | null;
  interval_days: number | null;
  source: string | null;
  library_id: number | null;
  applies: boolean | null;
  active: boolean | null;
  /** As the new set has it (null when leaving). */
  new_library_id: number | null;
  new_activity: string | null;
  new_interval_months: number | null;
  new_interval_days: number | null;
  new_source: string | null;
  new_note: string | null;
  new_principal: boolean | null;
  /** Whether the property's answers about the item let the new row apply. */
  new_applies: boolean | null;
  sort_order: number;
}

const targetsJson = (targets: readonly { propertyId: number; codeSet: CodeSet }[]) =>
  JSON.stringify(targets.map((t) => ({ property_id: t.propertyId, code_set: t.codeSet })));

export async function planCodeSetChange(db: DbOrTx, targets: readonly { propertyId: number; codeSet: CodeSet }[]): Promise<PlanRow[]> {
  if (!targets.length) return [];
  const result = await db.execute<PlanRow & Record<string, unknown>>(sql`
    with t as (select x.property_id, x.code_set from json_to_recordset(${targetsJson(targets)}::json) as x(property_id int, code_set text)),
    have as (
      select r.id, r.property_id, r.item_type, r.activity, r.interval_months, r.interval_days, r.source, r.library_id, r.applies, r.active,
        l.key, t.code_set as to_set,
        -- One requirement per key takes the new row (there is one unless data was made by hand).
        row_number() over (partition by r.property_id, l.key order by (l.code_set = t.code_set) desc, r.active desc, r.id) as n
      from t join requirements r on r.property_id = t.property_id
      join requirement_library l on l.id = r.library_id
    ),
    types as (select distinct r.property_id, r.item_type, t.code_set from t join requirements r on r.property_id = t.property_id)
    select h.property_id, case when nl.id is null then 'leaving' else 'matched' end as kind, h.id as requirement_id, h.item_type,
      h.activity, h.interval_months, h.interval_days, h.source, h.library_id, h.applies, h.active,
      nl.id as new_library_id, nl.activity as new_activity, nl.interval_months as new_interval_months, nl.interval_days as new_interval_days,
      nl.source as new_source, nl.note as new_note, nl.principal as new_principal,
      case when nl.id is null then null else ${appliesSql('nl', itemAnswersSql(sql`h.property_id`, sql`h.item_type`))} end as new_applies,
      coalesce(nl.sort_order, 1000) as sort_order
    from have h
    left join requirement_library nl on h.n = 1 and nl.code_set = h.to_set and nl.key = h.key and not nl.retired
    union all
    select ty.property_id, 'added', null, nl.item_type, null, null, null, null, null, null, null,
      nl.id, nl.activity, nl.interval_months, nl.interval_days, nl.source, nl.note, nl.principal, true, nl.sort_order
    from types ty
    join requirement_library nl on nl.code_set = ty.code_set and nl.item_type = ty.item_type and not nl.retired
      and ${appliesSql('nl', itemAnswersSql(sql`ty.property_id`, sql`ty.item_type`))}
    where not exists (select 1 from have h where h.property_id = ty.property_id and h.key = nl.key)
    order by 1, 4, 20, 3`);
  return result.rows;
}

/** A matched requirement that the change leaves exactly as it is. */
export const unchangedMatch = (row: PlanRow) =>
  row.kind === 'matched' &&
  row.library_id === row.new_library_id &&
  row.activity === row.new_activity &&
  row.interval_months === row.new_interval_months &&
  row.interval_days === row.new_interval_days &&
  row.source === row.new_source &&
  row.applies === row.new_applies;

/**
 * Applies a plan (planCodeSetChange, without its unchanged rows) in the caller's transaction:
 * matched requirements take the new row (a requirement that did not apply comes back when the
 * answers let the new row apply; one that applied keeps being switched on or off as it was);
 * leaving ones no longer apply (applies and active false, never deleted); added ones are due
 * now with their last date not known (decision 034). Each gets a requirement_changes row with
 * `details`. Principal flags are cleared first: the new set may name another row principal.
 * Returns the ids of the requirements to settle again: the matched and the added ones (one that
 * leaves keeps its dates as they were).
 */
export async function applyCodeSetPlan(
  db: DbOrTx,
  rows: readonly (PlanRow & { detail: string; today: string })[],
  targets: readonly { propertyId: number; codeSet: CodeSet }[],
  changedBy: string,
): Promise<number[]> {
  const existing = rows.filter((r) => r.kind !== 'added');
  const added = rows.filter((r) => r.kind === 'added');
  const ids: number[] = [];
  if (existing.length) {
    const list = JSON.stringify(existing.map((r) => ({ ...r, new_applies: r.new_applies ?? false })));
    const recordset = sql`json_to_recordset(${list}::json) as x(requirement_id int, kind text, applies boolean, new_library_id int, new_activity text,
      new_interval_months int, new_interval_days int, new_source text, new_note text, new_principal boolean, new_applies boolean, detail text)`;
    await db.execute(sql`update requirements r set principal = false from ${recordset} where r.id = x.requirement_id and r.principal`);
    await db.execute(sql`
      update requirements r set
        library_id = case when x.kind = 'matched' then x.new_library_id else r.library_id end,
        activity = case when x.kind = 'matched' then x.new_activity else r.activity end,
        interval_months = case when x.kind = 'matched' then x.new_interval_months else r.interval_months end,
        interval_days = case when x.kind = 'matched' then x.new_interval_days else r.interval_days end,
        source = case when x.kind = 'matched' then x.new_source else r.source end,
        note = case when x.kind = 'matched' then x.new_note else r.note end,
        principal = x.kind = 'matched' and x.new_principal,
        applies = x.kind = 'matched' and x.new_applies,
        active = case when x.kind = 'matched' and x.new_applies and r.applies then r.active else x.kind = 'matched' and x.new_applies end,
        updated_at = now()
      from ${recordset} where r.id = x.requirement_id`);
    await db.execute(sql`
      insert into requirement_changes (organization_id, property_id, requirement_id, kind, detail, reason, changed_by, created_at)
      select r.organization_id, r.property_id, r.id, 'code_set_changed', x.detail, null, ${changedBy}, now()
      from ${recordset} join requirements r on r.id = x.requirement_id`);
    ids.push(...existing.filter((r) => r.kind === 'matched').map((r) => r.requirement_id!));
  }
  if (added.length) {
    const list = JSON.stringify(added);
    const inserted = await db.execute<{ id: number }>(sql`
      with x as (
        select * from json_to_recordset(${list}::json) as x(property_id int, new_library_id int, detail text, today date, sort_order int)
      ),
      made as (
        insert into requirements (organization_id, property_id, item_type, library_id, activity, interval_months, interval_days, source, note, principal,
          next_due_date, last_done_unknown, next_due_estimated)
        select p.organization_id, x.property_id, l.item_type, l.id, l.activity, l.interval_months, l.interval_days, l.source, l.note, l.principal,
          ${unknownDueSql('l', sql`x.today`)}, true, ${countsFromADaySql('l')}
        from x join requirement_library l on l.id = x.new_library_id join properties p on p.id = x.property_id
        order by x.property_id, l.item_type, l.sort_order
        returning id, organization_id, property_id, library_id
      )
      insert into requirement_changes (organization_id, property_id, requirement_id, kind, detail, reason, changed_by, created_at)
      select m.organization_id, m.property_id, m.id, 'code_set_changed', x.detail, null, ${changedBy}, now()
      from made m join x on x.property_id = m.property_id and x.new_library_id = m.library_id
      returning requirement_id as id`);
    ids.push(...inserted.rows.map((r) => r.id));
  }
  await db.execute(sql`
    update properties p set code_set = x.code_set, updated_at = now()
    from json_to_recordset(${targetsJson(targets)}::json) as x(property_id int, code_set text)
    where p.id = x.property_id`);
  return ids;
}
