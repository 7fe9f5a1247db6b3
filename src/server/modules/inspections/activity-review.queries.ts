import { sql, type SQL } from 'drizzle-orm';
import type { ActivityReviewItem } from '@shared/schemas/activity-review';
import { inspectionScope, propertyScope, type Reach } from '../../access';
import type { DbOrTx } from '../../db/client';
import { preparedRows } from '../../db/prepared';

export interface ActivityReviewFilter {
  propertyId?: number;
  limit: number;
  offset: number;
}

/**
 * Completions whose activity is not stated or assumed, of a type with more than one active
 * requirement at the property, within the caller's reach. The partial index
 * inspections_activity_review_idx holds exactly the candidates of an organisation.
 */
function reviewCondition(reach: Reach, filter: ActivityReviewFilter): SQL {
  const conditions: SQL[] = [
    sql`i.organization_id = ${reach.id}`,
    propertyScope(reach, sql`i.property_id`),
    inspectionScope(reach, sql`i.inspector_id`),
    sql`i.status = 'completed' and i.activity_basis <> 'stated'`,
    sql`a.n > 1`,
  ];
  if (filter.propertyId) conditions.push(sql`i.property_id = ${filter.propertyId}`);
  return sql.join(conditions, sql` and `);
}

/** The active requirements of the inspection's type at its property: the choices, and how many. */
const choices = sql`cross join lateral (
  select count(*)::int as n,
    coalesce(json_agg(json_build_object('id', x.id, 'activity', x.activity, 'principal', x.principal,
      'intervalMonths', x.interval_months, 'intervalDays', x.interval_days)
      order by x.principal desc, coalesce(x.interval_months * 31, x.interval_days), x.id), '[]'::json) as activities
  from requirements x where x.property_id = i.property_id and x.item_type = i.inspection_type and x.active
) a`;

type Row = {
  id: number;
  property_id: number;
  property_name: string;
  inspection_type: ActivityReviewItem['inspectionType'];
  completed_date: Date;
  performed_on: string;
  compliance_result: ActivityReviewItem['complianceResult'];
  assigned_to: string;
  activity_basis: ActivityReviewItem['activityBasis'];
  requirement_id: number | null;
  requirement_activity: string | null;
  requirement_principal: boolean | null;
  activities: ActivityReviewItem['activities'];
};

export async function listActivityReview(db: DbOrTx, reach: Reach, filter: ActivityReviewFilter): Promise<ActivityReviewItem[]> {
  const rows = await preparedRows<Row>(db, sql`
    select i.id, i.property_id, p.name as property_name, i.inspection_type, i.completed_date,
      to_char((i.completed_date at time zone o.time_zone)::date, 'YYYY-MM-DD') as performed_on,
      i.compliance_result, i.assigned_to, i.activity_basis,
      r.id as requirement_id, r.activity as requirement_activity, r.principal as requirement_principal, a.activities
    from inspections i
    join properties p on p.id = i.property_id
    join organizations o on o.id = i.organization_id
    left join requirements r on r.id = i.requirement_id
    ${choices}
    where ${reviewCondition(reach, filter)}
    order by i.completed_date desc, i.id desc
    limit ${filter.limit} offset ${filter.offset}`);
  return rows.map((row) => ({
    id: row.id,
    propertyId: row.property_id,
    property: { id: row.property_id, name: row.property_name },
    inspectionType: row.inspection_type,
    completedDate: new Date(row.completed_date).toISOString(),
    performedOn: row.performed_on,
    complianceResult: row.compliance_result,
    assignedTo: row.assigned_to,
    activityBasis: row.activity_basis,
    requirement:
      row.requirement_id === null ? null : { id: row.requirement_id, activity: row.requirement_activity ?? '', principal: row.requirement_principal ?? false },
    activities: row.activities,
  }));
}

export async function countActivityReview(db: DbOrTx, reach: Reach, filter: ActivityReviewFilter): Promise<number> {
  const [row] = await preparedRows<{ n: number }>(db, sql`
    select count(*)::int as n from inspections i ${choices} where ${reviewCondition(reach, filter)}`);
  return row?.n ?? 0;
}
