import { sql } from 'drizzle-orm';
import type { AttentionResponse } from '@shared/schemas/insight';
import type { DbOrTx } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { effectiveItemStatusSql } from '../compliance/compliance.sql';
import { insightScope, type InsightAsk } from './insight-scope';

/**
 * The ranking rule of docs/insight.md "Attention first", its weights in one place:
 * score = 10 x overdue items + 8 x open critical deficiencies + 5 x never-inspected items
 *       + whole 30-day spans since the last inspection (at most 12; nothing when never inspected,
 *         which the never-inspected items already count).
 */
export const ATTENTION_WEIGHTS = { overdue: 10, criticalDeficiency: 8, neverInspected: 5, per30Days: 1, daysCap: 12 } as const;
export const ATTENTION_TOP = 20;

interface Row {
  propertyId: number;
  name: string;
  score: number;
  overdueItems: number;
  criticalDeficiencies: number;
  neverInspectedItems: number;
  daysSinceInspection: number | null;
}

/**
 * The properties to look at first: their items' stored status and dates (what the properties
 * list reads) and their open critical deficiencies (deficiencies_org_open_idx), scored in SQL
 * and the top twenty returned; a property that scores nothing is not listed.
 */
export async function attentionProperties(db: DbOrTx, ask: InsightAsk): Promise<AttentionResponse> {
  const { reach } = ask;
  const w = ATTENTION_WEIGHTS;
  const today = sql`${ask.today}::date`;
  const rows = await preparedRows<Row>(
    db,
    sql`
    with chosen as (
      select p.id, p.name from properties p
      where p.organization_id = ${reach.id} and ${insightScope(reach, ask.propertyIds, sql`p.id`)}
    ), items as (
      -- Aggregated by a join rather than a lookup per property: one pass over the items.
      select ci.property_id,
        count(*) filter (where ${effectiveItemStatusSql('ci', today)} = 'overdue')::int as overdue,
        count(*) filter (where ci.status = 'never_inspected')::int as never,
        max(ci.last_inspection_date) as last_done
      from compliance_items ci join chosen on chosen.id = ci.property_id
      group by ci.property_id
    ), crit as (
      select d.property_id, count(*)::int as n from deficiencies d
      where d.organization_id = ${reach.id} and d.corrected_on is null and d.severity = 'critical'
      group by d.property_id
    ), counted as (
      select chosen.id, chosen.name, coalesce(items.overdue, 0) as overdue, coalesce(items.never, 0) as never, items.last_done,
        coalesce(crit.n, 0) as critical
      from chosen left join items on items.property_id = chosen.id left join crit on crit.property_id = chosen.id
    ), scored as (
      select *, case when last_done is null then null else greatest(${today} - last_done, 0) end as days
      from counted
    )
    select * from (
    select id as "propertyId", name, overdue as "overdueItems", critical as "criticalDeficiencies", never as "neverInspectedItems",
      days as "daysSinceInspection",
      round((${w.overdue}::int * overdue + ${w.criticalDeficiency}::int * critical + ${w.neverInspected}::int * never
        + coalesce(least(days / 30 * ${w.per30Days}::int, ${w.daysCap}::int), 0))::numeric, 2)::float8 as score
    from scored
    ) ranked
    where score > 0
    order by score desc, lower(name), "propertyId"
    limit ${ATTENTION_TOP}`,
  );
  return {
    properties: rows.map((r) => ({ ...r, reasons: attentionReasons(r) })),
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The reasons as plain sentences, the weightiest (by what each adds to the score) first. */
export function attentionReasons(r: Omit<Row, 'propertyId' | 'name' | 'score'>): string[] {
  const w = ATTENTION_WEIGHTS;
  const parts: { weight: number; text: string }[] = [];
  if (r.overdueItems > 0) parts.push({ weight: w.overdue * r.overdueItems, text: `${plural(r.overdueItems, 'item', 'items')} overdue` });
  if (r.criticalDeficiencies > 0)
    parts.push({ weight: w.criticalDeficiency * r.criticalDeficiencies, text: `${plural(r.criticalDeficiencies, 'critical deficiency', 'critical deficiencies')} open` });
  if (r.neverInspectedItems > 0)
    parts.push({ weight: w.neverInspected * r.neverInspectedItems, text: `${plural(r.neverInspectedItems, 'item', 'items')} never inspected` });
  if (r.daysSinceInspection !== null && r.daysSinceInspection >= 30)
    parts.push({ weight: Math.min(Math.floor(r.daysSinceInspection / 30) * w.per30Days, w.daysCap), text: `Last inspected ${plural(r.daysSinceInspection, 'day', 'days')} ago` });
  return parts.sort((a, b) => b.weight - a.weight).map((p) => p.text);
}
