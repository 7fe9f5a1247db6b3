import { sql, type SQL } from 'drizzle-orm';

/**
 * The order a building is walked in, over devices `alias`: building, then floor, then the order
 * the devices were added in. Floors are text ("2", "10", "Basement"): numbered ones go in their
 * number's order, so floor 10 follows floor 9 rather than floor 1; the others ("Roof") after
 * them by name, and devices with no floor last. The same rule as the report's inventory, so the
 * list, the walk, the labels and the report agree.
 */
export function walkingOrderSql(alias: string): SQL {
  const d = sql.raw(alias);
  return sql`${d}.building, substring(${d}.floor from '^-?[0-9]{1,6}')::int, ${d}.floor, ${d}.walk_order, ${d}.id`;
}
