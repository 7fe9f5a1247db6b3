import { sql, type SQL } from 'drizzle-orm';

/**
 * What an item's devices add to its roll-up (docs/decisions/042-devices.md): its next due date is
 * the earliest of its requirements' and of its in-service devices' own clocks, and it is
 * non-compliant while any of its devices is out of service or has a deficiency found on it that
 * is not corrected. Only units still at the property count: a deficiency of a unit removed or
 * replaced is not the item's any more (the failed unit taken away, its replacement decides), and
 * stays on that unit's record. An item without devices rolls up as before (both are null / false).
 * `property` and `itemType` are SQL of the item's property id and type.
 */
export function deviceNextDueSql(property: SQL, itemType: SQL): SQL {
  return sql`(select min(dr.next_due_date) from devices d join device_requirements dr on dr.device_id = d.id
    where d.property_id = ${property} and d.item_type = ${itemType} and d.status = 'in_service')`;
}

export function deviceFailedSql(property: SQL, itemType: SQL): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from devices d where d.property_id = ${property} and d.item_type = ${itemType} and d.status = 'out_of_service')
    or exists (select 1 from deficiencies df join devices d on d.id = df.device_id
      where df.property_id = ${property} and df.item_type = ${itemType} and df.corrected_on is null and d.status in ('in_service', 'out_of_service')))`;
}

/** How many of the item's devices are out of service: stored so the property's reason can say so (read without a join). */
export function devicesOutOfServiceSql(property: SQL, itemType: SQL): SQL<number> {
  return sql<number>`(select count(*)::int from devices d where d.property_id = ${property} and d.item_type = ${itemType} and d.status = 'out_of_service')`;
}

/** How many of the item's units still at the property have a deficiency found on them that is not corrected. */
export function devicesWithOpenDeficiencySql(property: SQL, itemType: SQL): SQL<number> {
  return sql<number>`(select count(distinct d.id)::int from deficiencies df join devices d on d.id = df.device_id
    where df.property_id = ${property} and df.item_type = ${itemType} and df.corrected_on is null and d.status in ('in_service', 'out_of_service'))`;
}
