import { sql, type SQL } from 'drizzle-orm';
import type { DeficiencyPortfolioFilter, PortfolioDeficiency } from '@shared/schemas/deficiency';
import { propertyScope, type Reach } from '../../access';
import type { DbOrTx } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { deficienciesByIds } from './deficiencies.queries';
import { intArray } from '../compliance/compliance-batch.queries';

/** The inclusive day ranges of the Insight figure's age bands (docs/insight.md). */
const BAND_DAYS = { '0-30': [null, 30], '31-90': [31, 90], '90+': [91, null] } as const;

/**
 * A page of the deficiencies of every property the caller reaches (the reach of a property's
 * own list: its properties, whatever the role), and how many there are in all.
 *
 * Open ones are read from open_deficiency_found (by organisation and found instant,
 * open_deficiency_found_org_idx), banded exactly as the Insight figure bands them: a band's
 * edge is the instant its first local day begins in the organisation's zone, so a row
 * counted there is listed here. Their age runs to today. A corrected one's age runs from the
 * local day it was found to the day it was corrected, and is banded by those days.
 *
 * Open first, oldest found first (critical first on the same day, then id); then corrected,
 * the latest corrected first.
 */
export async function listPortfolioDeficiencies(
  db: DbOrTx,
  reach: Reach,
  filter: DeficiencyPortfolioFilter,
  today: string,
  timeZone: string,
): Promise<[PortfolioDeficiency[], number]> {
  const branches: SQL[] = [];
  if (filter.status !== 'corrected') branches.push(openBranch(reach, filter, today, timeZone));
  if (filter.status !== 'open') branches.push(correctedBranch(reach, filter, timeZone));
  const [row] = await preparedRows<{ total: number; page: { id: number; age: number; property_name: string }[] | null }>(
    db,
    sql`
    with found as (${sql.join(branches, sql` union all `)}),
    page as (
      select found.id, found.age, p.name as property_name from found
      join properties p on p.id = found.property_id
      order by (found.corrected_on is null) desc, found.corrected_on desc, found.found_day,
        array_position(array['critical','impairment','non_critical']::deficiency_severity[], found.severity), found.id
      limit ${filter.limit} offset ${filter.offset}
    )
    select (select count(*)::int from found) as total, (select json_agg(page) from page) as page`,
  );
  const page = row?.page ?? [];
  const rows = new Map((await deficienciesByIds(db, reach.id, page.map((p) => p.id))).map((d) => [d.id, d]));
  const items = page.flatMap((p) => {
    const deficiency = rows.get(p.id);
    return deficiency ? [{ ...deficiency, propertyName: p.property_name, ageDays: p.age }] : [];
  });
  return [items, row?.total ?? 0];
}

function common(reach: Reach, filter: DeficiencyPortfolioFilter, alias: 'f' | 'd'): SQL {
  const column = sql.raw(`${alias}.property_id`);
  const parts = [sql`${sql.raw(alias)}.organization_id = ${reach.id}`, propertyScope(reach, column)];
  if (filter.propertyId) parts.push(sql`${column} = ${filter.propertyId}`);
  // A chosen set reads through the property index (open_deficiency_found_property_idx for open ones).
  if (filter.propertyIds) parts.push(sql`${column} = any(${intArray(filter.propertyIds)})`);
  if (filter.severity) parts.push(sql`${sql.raw(alias)}.severity = ${filter.severity}`);
  return sql.join(parts, sql` and `);
}

function openBranch(reach: Reach, filter: DeficiencyPortfolioFilter, today: string, timeZone: string): SQL {
  // The same edges as insight.queries.ts deficiencyAge: the instant the band's first local day begins.
  const dayStart = (daysAgo: number) => sql`((${today}::date - ${daysAgo}::int)::timestamp at time zone ${timeZone})`;
  const parts = [common(reach, filter, 'f')];
  if (filter.age) {
    const [fewest, most] = BAND_DAYS[filter.age];
    if (most !== null) parts.push(sql`f.found_at >= ${dayStart(most)}`);
    if (fewest !== null) parts.push(sql`f.found_at < ${dayStart(fewest - 1)}`);
  }
  return sql`
    select f.deficiency_id as id, f.property_id, f.severity, null::date as corrected_on, found.day as found_day,
      greatest(${today}::date - found.day, 0) as age
    from open_deficiency_found f cross join lateral (select (f.found_at at time zone ${timeZone})::date as day) found
    where ${sql.join(parts, sql` and `)}`;
}

function correctedBranch(reach: Reach, filter: DeficiencyPortfolioFilter, timeZone: string): SQL {
  const parts = [common(reach, filter, 'd'), sql`d.corrected_on is not null`];
  if (filter.age) {
    const [fewest, most] = BAND_DAYS[filter.age];
    if (fewest !== null) parts.push(sql`greatest(d.corrected_on - found.day, 0) >= ${fewest}`);
    if (most !== null) parts.push(sql`greatest(d.corrected_on - found.day, 0) <= ${most}`);
  }
  // Found as open_deficiency_found keeps it: the inspection's completion, else when it was recorded.
  return sql`
    select d.id, d.property_id, d.severity, d.corrected_on, found.day as found_day,
      greatest(d.corrected_on - found.day, 0) as age
    from deficiencies d join inspections i on i.id = d.inspection_id
      cross join lateral (select (coalesce(i.completed_date, d.created_at) at time zone ${timeZone})::date as day) found
    where ${sql.join(parts, sql` and `)}`;
}
