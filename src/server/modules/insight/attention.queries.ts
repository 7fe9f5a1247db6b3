import { sql, type SQL } from 'drizzle-orm';
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

/** At least this many properties of each kind (if it has them), the highest first, are scored to learn a score the top twenty reach. */
const ATTENTION_PROBE = 200;

/**
 * The properties to look at first, the top twenty by the rule above; a property that scores
 * nothing is not listed. The whole organisation is ranked from attention_inputs; chosen
 * properties, or a member who reaches only some, are counted live from their items.
 */
export async function attentionProperties(db: DbOrTx, ask: InsightAsk): Promise<AttentionResponse> {
  const whole = ask.propertyIds === undefined && ask.reach.propertyIds === null;
  const rows = whole ? await keptAttention(db, ask) : await liveAttention(db, ask);
  return {
    properties: rows.map((r) => ({ ...r, reasons: attentionReasons(r) })),
  };
}

/**
 * The whole organisation from each property's kept inputs (attention_inputs): today decides
 * only how many of its due dates have passed and the days since its last inspection. Each
 * property is in one of three kinds today, read from its first two due dates by an index, and
 * each kind has its own most it can score: two or more items overdue, `bound` (every kept due
 * date counted as overdue); one, `static_bound` + 10; none, `static_bound`. Of each kind the
 * properties whose most reaches its `probe`-th highest are scored first; their twentieth score
 * is one the top twenty reach, so only properties whose most reaches it can be among them, and
 * those below the first cuts are scored next, each kind from its own index. So a day when
 * little is overdue, when every bound exceeds the twentieth score, does not score every
 * property. Names are read for the properties that reach the twentieth score alone, ties
 * included.
 */
export async function keptAttention(db: DbOrTx, ask: InsightAsk, probe = ATTENTION_PROBE): Promise<Row[]> {
  const w = ATTENTION_WEIGHTS;
  const org = ask.reach.id;
  const today = sql`${ask.today}::date`;
  // The due dates are kept ascending, so the number before today is found by bisection.
  const overdueOf = (t: SQL) => sql`width_bucket(${today} - 1, ${t}.due_dates)`;
  const scored = (where: SQL) => sql`
      select a.property_id, a.critical_open, a.never_inspected, o.overdue,
        case when a.last_inspection_date is null then null else greatest(${today} - a.last_inspection_date, 0) end as days,
        ${w.overdue}::int * o.overdue + ${w.criticalDeficiency}::int * a.critical_open + ${w.neverInspected}::int * a.never_inspected
          + coalesce(least(greatest(${today} - a.last_inspection_date, 0) / 30 * ${w.per30Days}::int, ${w.daysCap}::int), 0) as score
      from attention_inputs a cross join lateral (select ${overdueOf(sql`a`)} as overdue) o
      where a.organization_id = ${org} and ${where}`;
  // The three kinds, each with the most its properties can score: `col` + `slack`
  // (attention_inputs_org_bound_due_idx, attention_inputs_org_static_bound_due_idx).
  const kinds = [
    { name: sql`many`, where: sql`a.second_due < ${today}`, col: sql`a.bound`, slack: 0 },
    { name: sql`one`, where: sql`a.earliest_due < ${today} and a.second_due >= ${today}`, col: sql`a.static_bound`, slack: w.overdue },
    { name: sql`none`, where: sql`a.earliest_due >= ${today}`, col: sql`a.static_bound`, slack: 0 },
  ];
  const reached = sql`(select score from reached)`;
  const each = (f: (k: (typeof kinds)[number]) => SQL, glue: SQL) => sql.join(kinds.map(f), glue);
  const [busiest, ...quieter] = kinds as [(typeof kinds)[number], ...typeof kinds];
  const twentiethOf = (rows: SQL) =>
    sql`greatest(coalesce((select score from ${rows} order by score desc offset ${ATTENTION_TOP - 1}::int limit 1), 1), 1)`;
  return preparedRows<Row>(
    db,
    sql`
    with first_cut as (
      -- Per kind, the most of its probe-th highest (ties with it are scored too).
      select ${each(
        (k) => sql`coalesce((select ${k.col} from attention_inputs a where a.organization_id = ${org} and ${k.where}
          order by ${k.col} desc nulls last offset ${probe - 1}::int limit 1), 0) as ${k.name}`,
        sql`, `,
      )}
    ), busiest as materialized (
      ${scored(sql`${busiest.where} and ${busiest.col} >= (select ${busiest.name} from first_cut)`)}
    ), cut as (
      -- The busiest kind's twentieth score already bounds the others: a busy day's top twenty
      -- need not score the thousands with nothing overdue that tie at their first cut.
      select ${busiest.name}, ${sql.join(
        quieter.map((k) => sql`greatest(${k.name}, ${twentiethOf(sql`busiest`)} - ${k.slack}::int) as ${k.name}`),
        sql`, `,
      )}
      from first_cut
    ), probe as materialized (
      select * from busiest
      ${sql.join(
        quieter.map((k) => sql`union all ${scored(sql`${k.where} and ${k.col} >= (select ${k.name} from cut)`)}`),
        sql` `,
      )}
    ), reached as (
      select greatest(coalesce((select score from probe order by score desc offset ${ATTENTION_TOP - 1}::int limit 1), 1), 1) as score
    ), below as materialized (
      ${each(
        (k) => sql`${scored(sql`${k.where} and ${k.col} >= ${reached} - ${k.slack}::int and ${k.col} < (select ${k.name} from cut)`)}`,
        sql` union all `,
      )}
    ), candidates as materialized (
      select * from probe where score >= ${reached}
      union all select * from below where score >= ${reached}
    ), twentieth as (
      select greatest(coalesce((select score from candidates order by score desc offset ${ATTENTION_TOP - 1}::int limit 1), 1), 1) as score
    )
    select c.property_id as "propertyId", c.name, c.overdue as "overdueItems", c.critical_open as "criticalDeficiencies",
      c.never_inspected as "neverInspectedItems", c.days as "daysSinceInspection", c.score::float8 as score
    from (
      -- A lookup per property: the planner cannot know how few reach the twentieth score.
      select c.*, (select p.name from properties p where p.id = c.property_id) as name
      from candidates c where c.score >= (select score from twentieth)
    ) c
    order by c.score desc, lower(c.name), c.property_id
    limit ${ATTENTION_TOP}`,
  );
}

/**
 * Counted live: the chosen properties' items' stored status and dates (what the properties
 * list reads) and their open critical deficiencies, scored in SQL.
 */
export async function liveAttention(db: DbOrTx, ask: InsightAsk): Promise<Row[]> {
  const { reach } = ask;
  const w = ATTENTION_WEIGHTS;
  const today = sql`${ask.today}::date`;
  return preparedRows<Row>(
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
