import { sql, type SQL } from 'drizzle-orm';

/**
 * appliesTo of src/shared/item-conditions.ts in SQL: the library row `libraryAlias` applies to
 * an item whose answers are `answers` (a jsonb expression, '{}' when none) when every question
 * it names is not answered or answered with one of its values.
 */
export function appliesSql(libraryAlias: string, answers: SQL): SQL<boolean> {
  const l = sql.raw(libraryAlias);
  return sql<boolean>`(${l}.applies_when is null or not exists (
    select 1 from jsonb_each(${l}.applies_when) c(question, allowed)
    where (${answers}) ? c.question
      and not exists (select 1 from jsonb_array_elements_text((${answers}) -> c.question) v(value) where c.allowed ? v.value)))`;
}

/** The answers given about a property's safety item, '{}' when none. */
export function itemAnswersSql(propertyId: SQL | number, itemType: SQL | string): SQL {
  return sql`coalesce((select a.answers from safety_item_answers a where a.property_id = ${propertyId} and a.item_type = ${itemType}::inspection_type), '{}'::jsonb)`;
}
