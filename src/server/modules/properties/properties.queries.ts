import { and, eq, sql, type SQL } from 'drizzle-orm';
import { defaultCodeSet, isCodeSet } from '@shared/code-sets';
import { propertyStatusReason } from '@shared/compliance';
import type { PropertySort, PropertyStatus } from '@shared/enums';
import type { ComplianceItem, Property, PropertyValues } from '@shared/schemas/property';
import { propertyScope, type Reach } from '../../access';
import type { DbOrTx } from '../../db/client';
import { searchPattern } from '../../db/like';
import { pageOfIds, preparedRows } from '../../db/prepared';
import { properties } from '../../db/schema/index';
import { attentionRankSql, effectiveItemStatusSql, propertyStatusCondition, propertyStatusSql } from '../compliance/compliance.sql';
import { keptPropertyCount } from '../dashboard/dashboard-counts.queries';
import { intArray } from '../compliance/compliance-batch.queries';

export interface PropertyFilter {
  q?: string;
  propertyType?: string;
  status?: PropertyStatus;
  /** Only these (sorted, at most 500); ids out of reach match nothing. */
  propertyIds?: readonly number[];
  sort: PropertySort;
  limit: number;
  offset: number;
}

function order(sort: PropertySort, today: SQL): SQL {
  switch (sort) {
    case 'name_asc':
      return sql`lower(p.name) asc, p.id asc`;
    case 'name_desc':
      return sql`lower(p.name) desc, p.id desc`;
    case 'created_asc':
      return sql`p.created_at asc, p.id asc`;
    case 'created_desc':
      return sql`p.created_at desc, p.id desc`;
    case 'compliance':
      // SPEC: non-compliant first, then due soon, then compliant, then by name; pending last.
      return sql`array_position(array['non_compliant','due_soon','compliant','pending'], ${propertyStatusSql('p', today)}), lower(p.name), p.id`;
    case 'attention':
      return sql`${attentionRankSql('p', today)}, p.earliest_due_date asc nulls last, lower(p.name), p.id`;
  }
}

type Row = {
  id: number;
  organization_id: number;
  name: string;
  property_type: Property['propertyType'];
  address_line1: string;
  address_line2: string | null;
  city: string;
  state: string;
  zip: string;
  country: Property['country'];
  manager_email: string;
  code_set: string;
  status: PropertyStatus;
  created_at: Date;
  last_updated: Date;
  compliance_items: ComplianceItem[];
  open_deficiencies: number;
  critical_deficiencies: number;
};

function toProperty(row: Row): Property {
  return {
    id: row.id,
    // SPEC's field name; the owner of a record is now its organisation (an account's own keeps the account's id).
    userId: row.organization_id,
    name: row.name,
    propertyType: row.property_type,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    managerEmail: row.manager_email,
    codeSet: isCodeSet(row.code_set) ? row.code_set : 'us-nfpa',
    status: row.status,
    // From the items listed with it, which the stored columns behind `status` roll up.
    statusReason: propertyStatusReason(row.status, row.compliance_items),
    createdAt: new Date(row.created_at).toISOString(),
    lastUpdated: new Date(row.last_updated).toISOString(),
    complianceItems: row.compliance_items,
    openDeficiencies: row.open_deficiencies,
    criticalDeficiencies: row.critical_deficiencies,
  };
}

/**
 * A page of properties with their compliance items (effective statuses for `today`). The
 * page's ids are chosen first, so items are gathered for those rows only, never for the
 * whole portfolio. Two statements: the second, with the items' lateral joins, takes the ids
 * through `pageOfIds`, so PostgreSQL plans it once per connection (a generic plan) instead of
 * on every read, where planning it cost about as much as running it.
 */
async function selectProperties(db: DbOrTx, where: SQL, today: string, sort: PropertySort | null, limit: number, offset: number): Promise<Property[]> {
  const todaySql = sql`${today}::date`;
  const orderBy = sort ? order(sort, todaySql) : sql`p.id`;
  const page = await preparedRows<{ id: number }>(db, sql`select p.id from properties p where ${where} order by ${orderBy} limit ${limit} offset ${offset}`);
  if (page.length === 0) return [];
  const rows = await preparedRows<Row>(db, sql`
    select p.id, p.organization_id, p.name, p.property_type, p.address_line1, p.address_line2, p.city, p.state,
      p.zip, p.country, p.manager_email, p.code_set, ${propertyStatusSql('p', todaySql)} as status, p.created_at,
      greatest(p.updated_at, items.updated_at) as last_updated,
      coalesce(items.list, '[]'::json) as compliance_items,
      defects.open as open_deficiencies, defects.critical as critical_deficiencies
    from ${pageOfIds(page.map((row) => row.id))}
    join properties p on p.id = page.id
    left join lateral (
      select max(ci.updated_at) as updated_at,
        json_agg(json_build_object(
          'id', ci.id, 'propertyId', ci.property_id, 'itemType', ci.item_type,
          'status', ${effectiveItemStatusSql('ci', todaySql)},
          'nextDueDate', ci.next_due_date, 'lastInspectionDate', ci.last_inspection_date,
          'lastDoneUnknownCount', known.unknown, 'lastDoneStatedOn', known.stated,
          -- A failed item waiting for the re-test its correction scheduled (inspections_retest_of_idx).
          'awaitingRetest', ci.status = 'non_compliant' and exists (
            select 1 from inspections rt
            where rt.property_id = ci.property_id and rt.inspection_type = ci.item_type
              and rt.retest_of_id is not null and rt.status in ('scheduled', 'in_progress')),
          'resultFailed', ci.result_failed, 'devicesOutOfService', ci.devices_out_of_service,
          'devicesWithOpenDeficiency', ci.devices_with_open_deficiency,
          'createdAt', ci.created_at, 'updatedAt', ci.updated_at
        ) order by ci.item_type) as list
      from compliance_items ci
      -- What its status reason says of when it was last done (issue 35): the requirements of
      -- the item never done that someone said were "Not known" (due at once; an estimated date is
      -- not counted, except an installation or manufacture day nobody gave: a person must read
      -- the label, decision 041), and the day given for one when it was added.
      cross join lateral (
        select (count(*) filter (where r.last_done_unknown and (not r.next_due_estimated
            or exists (select 1 from requirement_library l where l.id = r.library_id and l.counts_from in ('installation', 'manufacture')))))::int as unknown,
          max(r.last_done_stated_on) as stated
        from requirements r
        where r.property_id = ci.property_id and r.item_type = ci.item_type and r.active and r.last_done_on is null
      ) known
      where ci.property_id = p.id
    ) items on true
    cross join lateral (
      select count(*)::int as open, (count(*) filter (where d.severity = 'critical'))::int as critical
      from deficiencies d where d.property_id = p.id and d.corrected_on is null
    ) defects
    order by page.n`);
  return rows.map(toProperty);
}

function listCondition(reach: Reach, filter: Omit<PropertyFilter, 'sort' | 'limit' | 'offset'>, today: string): SQL {
  const conditions: SQL[] = [sql`p.organization_id = ${reach.id}`, propertyScope(reach, sql`p.id`)];
  if (filter.q) {
    const pattern = searchPattern(filter.q);
    conditions.push(sql`(p.search_name like ${pattern} or p.search_address like ${pattern})`);
  }
  if (filter.propertyType) conditions.push(sql`p.property_type = ${filter.propertyType}`);
  if (filter.status) conditions.push(propertyStatusCondition('p', filter.status, sql`${today}::date`));
  if (filter.propertyIds) conditions.push(sql`p.id = any(${intArray(filter.propertyIds)})`);
  return sql.join(conditions, sql` and `);
}

export function listPropertiesPage(db: DbOrTx, reach: Reach, filter: PropertyFilter, today: string): Promise<Property[]> {
  // Filtered to one status, the compliance order is the name order, which an index serves.
  const sort = filter.status && filter.sort === 'compliance' ? 'name_asc' : filter.sort;
  return selectProperties(db, listCondition(reach, filter, today), today, sort, filter.limit, filter.offset);
}

export async function countProperties(db: DbOrTx, reach: Reach, filter: PropertyFilter, today: string): Promise<number> {
  // Every property of the organisation, unfiltered: summed from the counts kept as properties come and go.
  if (!filter.q && !filter.propertyType && !filter.status && !filter.propertyIds && reach.propertyIds === null) return keptPropertyCount(db, reach.id);
  const [row] = await preparedRows<{ n: number }>(db, sql`select count(*)::int as n from properties p where ${listCondition(reach, filter, today)}`);
  return row?.n ?? 0;
}

export async function findProperty(db: DbOrTx, organizationId: number, id: number, today: string): Promise<Property | undefined> {
  const [property] = await selectProperties(db, sql`p.organization_id = ${organizationId} and p.id = ${id}`, today, null, 1, 0);
  return property;
}

export async function insertProperties(db: DbOrTx, organizationId: number, values: PropertyValues[]): Promise<number[]> {
  const ids: number[] = [];
  // Chunks keep each statement well under PostgreSQL's 65,535 parameters.
  for (let i = 0; i < values.length; i += 1000) {
    const rows = await db
      .insert(properties)
      .values(values.slice(i, i + 1000).map((v) => ({ ...v, organizationId, codeSet: defaultCodeSet(v) })))
      .returning({ id: properties.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

export async function updateProperty(db: DbOrTx, organizationId: number, id: number, values: Partial<PropertyValues>): Promise<boolean> {
  const rows = await db
    .update(properties)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(properties.id, id), eq(properties.organizationId, organizationId)))
    .returning({ id: properties.id });
  return rows.length === 1;
}

export async function deleteProperty(db: DbOrTx, organizationId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(properties)
    .where(and(eq(properties.id, id), eq(properties.organizationId, organizationId)))
    .returning({ id: properties.id });
  return rows.length === 1;
}

export async function propertyExists(db: DbOrTx, organizationId: number, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.organizationId, organizationId)));
  return rows.length === 1;
}
