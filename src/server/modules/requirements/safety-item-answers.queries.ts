import { sql } from 'drizzle-orm';
import type { InspectionType } from '@shared/enums';
import type { AppliesWhen, ItemAnswers } from '@shared/item-conditions';
import type { DbOrTx } from '../../db/client';
import { countsFromADaySql, unknownDueSql } from '../compliance/counts-from.sql';
import { appliesSql, itemAnswersSql } from './library/applies.sql';

/** The answers given about each of a property's safety items, by type. */
export async function answersOfProperty(db: DbOrTx, propertyId: number): Promise<Map<InspectionType, ItemAnswers>> {
  const result = await db.execute<{ item_type: InspectionType; answers: ItemAnswers }>(sql`
    select item_type, answers from safety_item_answers where property_id = ${propertyId}`);
  return new Map(result.rows.map((r) => [r.item_type, r.answers]));
}

/** Keeps the answers (none left: the row goes, so every row applies again). */
export async function saveAnswers(
  db: DbOrTx,
  input: { organizationId: number; propertyId: number; itemType: InspectionType; answers: ItemAnswers },
): Promise<void> {
  if (Object.keys(input.answers).length === 0) {
    await db.execute(sql`delete from safety_item_answers where property_id = ${input.propertyId} and item_type = ${input.itemType}`);
    return;
  }
  await db.execute(sql`
    insert into safety_item_answers (organization_id, property_id, item_type, answers)
    values (${input.organizationId}, ${input.propertyId}, ${input.itemType}, ${JSON.stringify(input.answers)}::jsonb)
    on conflict (property_id, item_type) do update set answers = excluded.answers, updated_at = now()
    where safety_item_answers.answers is distinct from excluded.answers`);
}

/**
 * The library rows of the property's code set that apply with its answers and that it lacks
 * (a property that has the item): added, last done not known, so due now (decision 034); one
 * counted from installation or manufacture a year out, estimated (decision 041).
 */
export async function addMissingRows(
  db: DbOrTx,
  input: { organizationId: number; propertyId: number; itemType: InspectionType; today: string },
): Promise<{ id: number; applies_when: AppliesWhen | null }[]> {
  const result = await db.execute<{ id: number; applies_when: AppliesWhen | null }>(sql`
    insert into requirements (organization_id, property_id, item_type, library_id, activity, interval_months, interval_days, source, note,
      principal, next_due_date, last_done_unknown, next_due_estimated)
    select ${input.organizationId}, ${input.propertyId}, l.item_type, l.id, l.activity, l.interval_months, l.interval_days, l.source, l.note,
      false, ${unknownDueSql('l', input.today)}, true, ${countsFromADaySql('l')}
    from requirement_library l
    join properties p on p.id = ${input.propertyId} and p.code_set = l.code_set
    where l.item_type = ${input.itemType} and not l.retired
      and ${appliesSql('l', itemAnswersSql(input.propertyId, input.itemType))}
      and exists (select 1 from requirements r where r.property_id = ${input.propertyId} and r.item_type = ${input.itemType})
      and not exists (select 1 from requirements r where r.property_id = ${input.propertyId} and r.library_id = l.id)
    order by l.sort_order
    on conflict do nothing
    returning id, (select applies_when from requirement_library where id = library_id) as applies_when`);
  return result.rows;
}

/**
 * The property's library requirements of the item (of its code set) whose row's conditions now say otherwise:
 * one that no longer applies is switched off with it (applies and active false), so every list
 * that reads `active` leaves it out; one that applies again comes back on, unless a person had
 * switched it off before it was ruled out (their last switch of it was off): it stays off, as
 * they left it. Nobody can switch it by hand while it does not apply, so that switch still holds.
 */
export async function flipApplies(
  db: DbOrTx,
  propertyId: number,
  itemType: InspectionType,
): Promise<{ id: number; applies: boolean; active: boolean; applies_when: AppliesWhen | null }[]> {
  const result = await db.execute<{ id: number; applies: boolean; active: boolean; applies_when: AppliesWhen | null }>(sql`
    with now_ as (
      select r.id, ${appliesSql('l', itemAnswersSql(propertyId, itemType))} as applies, l.applies_when
      from requirements r join requirement_library l on l.id = r.library_id
      -- Only rows of the property's code set: one another set left behind stays as that change left it.
      join properties p on p.id = r.property_id and p.code_set = l.code_set
      where r.property_id = ${propertyId} and r.item_type = ${itemType}
    )
    update requirements r set applies = n.applies, updated_at = now(),
      active = n.applies and coalesce((
        select c.kind <> 'switched_off' from requirement_changes c
        where c.requirement_id = r.id and c.kind in ('switched_off', 'switched_on')
        order by c.created_at desc, c.id desc
        limit 1), true)
    from now_ n
    where r.id = n.id and r.applies <> n.applies
    returning r.id, r.applies, r.active, n.applies_when`);
  return result.rows;
}
