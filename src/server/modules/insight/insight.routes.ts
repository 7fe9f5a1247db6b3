import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { todayInTimeZone } from '@shared/dates';
import {
  attentionResponse,
  complianceTrendResponse,
  deficiencyAgeResponse,
  insightQuerySchema,
  onTimeResponse,
  workloadResponse,
  type InsightQuery,
} from '@shared/schemas/insight';
import type { Account } from '../../account';
import { remembered } from '../../cache/account-cache';
import type { Db, DbOrTx } from '../../db/client';
import { requireAccount } from '../../plugins/auth';
import { attentionProperties } from './attention.queries';
import { complianceTrend } from './compliance-trend.queries';
import { insightCsv } from './insight.csv';
import { deficiencyAge, onTimeMonths, workloadWeeks } from './insight.queries';
import type { InsightAsk } from './insight-scope';

const tags = ['Insight'];
const common =
  'Counts only the properties you can see; `propertyIds` (ids separated by commas) narrows to some of them, and an id out of reach is simply not counted. `format=csv` answers the same rows as a CSV file with a header row. Any member. How each figure is counted: docs/insight.md.';

type Figure = keyof typeof insightCsv;

interface FigureRoute<S extends z.ZodType> {
  figure: Figure;
  summary: string;
  description: string;
  response: S;
  compute: (db: DbOrTx, ask: InsightAsk) => Promise<z.infer<S>>;
}

/** The five figures of the Insight page (docs/insight.md), each its own call, cached per account and day. */
export async function insightRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  // Not the zod type provider: the answer is the figure's shape or, asked for, its CSV text.
  const figure = <S extends z.ZodType>(route: FigureRoute<S>) =>
    app.get<{ Querystring: InsightQuery }>(
      `/api/insight/${route.figure}`,
      { schema: { tags, summary: route.summary, description: `${route.description} ${common}`, querystring: insightQuerySchema, response: { 200: route.response } } },
      async (request, reply) => {
        const account = requireAccount(request);
        const query = request.query;
        const answer = await answerOf(deps.db, account, route, query);
        if (query.format === 'csv') return sendCsv(reply, route.figure, (insightCsv[route.figure] as (r: unknown) => string)(answer), account);
        return answer;
      },
    );

  figure({
    figure: 'compliance-trend',
    summary: 'Compliance over time',
    description:
      'The properties compliant (due soon included), pending and non-compliant, week by week for the last 53 weeks (weeks start on Monday in the organisation’s time zone), oldest first. A week whose counts could not be derived from the record says `known: false`.',
    response: complianceTrendResponse,
    compute: complianceTrend,
  });
  figure({
    figure: 'on-time',
    summary: 'On-time rate by month',
    description:
      'Inspections completed each month (the last 12, this one included, in the organisation’s time zone), how many by their due date, and the median days late of the late ones.',
    response: onTimeResponse,
    compute: onTimeMonths,
  });
  figure({
    figure: 'deficiency-age',
    summary: 'Open deficiencies by age',
    description: 'Open deficiencies by severity and days since they were found (0-30, 31-90, 90+), and the ten oldest. The CSV holds the counts.',
    response: deficiencyAgeResponse,
    compute: deficiencyAge,
  });
  figure({
    figure: 'workload',
    summary: 'Workload ahead',
    description:
      'What falls due each week for the next 12 weeks, this one first, by safety item type: open inspections by due date, and requirements due with no inspection scheduled.',
    response: workloadResponse,
    compute: workloadWeeks,
  });
  figure({
    figure: 'attention',
    summary: 'Properties needing attention first',
    description:
      'At most 20 properties, ranked by overdue items, open critical deficiencies, items never inspected and days since the last inspection (the rule and its weights: docs/insight.md), each with its reasons, weightiest first.',
    response: attentionResponse,
    compute: attentionProperties,
  });
}

/** A figure for the account's day and chosen properties, remembered until its data changes. */
function answerOf<S extends z.ZodType>(db: Db, account: Account, route: FigureRoute<S>, query: InsightQuery): Promise<z.infer<S>> {
  const today = todayInTimeZone(account.timeZone, new Date());
  const chosen = query.propertyIds ? [...query.propertyIds].sort((a, b) => a - b) : undefined;
  const key = `insight|${route.figure}|${today}|${chosen?.join(',') ?? 'all'}`;
  return remembered(db, account, key, () => route.compute(db, { reach: account, propertyIds: chosen, today, timeZone: account.timeZone }));
}

function sendCsv(reply: FastifyReply, figure: Figure, csv: string, account: Account) {
  const day = todayInTimeZone(account.timeZone, new Date());
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="firemark-${figure}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
