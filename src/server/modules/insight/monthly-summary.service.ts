import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { todayInTimeZone } from '@shared/dates';
import type { Account } from '../../account';
import { wholeOrganization, type Reach } from '../../access';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { queueEmail } from '../../email/outbox';
import { bulkMailRoom, type MailLog } from '../../email/quota';
import { monthlySummaryEmail } from '../../email/templates/monthly-summary';
import { validationFailed } from '../../errors';
import type { RenderPool } from '../../pdf/render-pool';
import { onTimeMonths } from './insight.queries';
import type { MonthlySummaryJob } from './monthly-summary.pdf';
import * as q from './monthly-summary.queries';
import { monthLabel, previousMonth, summarySentences, type MonthFigures, type MonthlySummaryFigures } from './monthly-summary.text';
import { drawOrExplain } from '../../pdf/draw-or-explain';

export interface MonthlySummaryDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  boss: PgBoss;
  /** The PDF-drawing threads the reports use (pdf/render-pool.ts). */
  renderer?: RenderPool;
  log?: MailLog;
}

export const MONTH_NOT_ENDED = 'Choose a month that has ended';

/** The calendar month after a YYYY-MM month, as its first day. */
function nextMonthStart(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`;
}

/** The last day of a YYYY-MM month. */
function lastDay(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, number, 0)).getUTCDate()).padStart(2, '0')}`;
}

async function monthFigures(db: DbOrTx, reach: Reach, timeZone: string, month: string, onTime: Map<string, MonthFigures['onTime']>): Promise<MonthFigures> {
  const span = { start: `${month}-01`, next: nextMonthStart(month), timeZone };
  const [counts, status] = await Promise.all([q.monthCounts(db, reach, span), q.complianceOnDay(db, reach, lastDay(month), timeZone)]);
  return {
    month,
    // None known (the record had not begun and the history could not give it): not a count of anything.
    compliance: status.total > 0 && status.unknown === status.total ? null : status,
    onTime: onTime.get(month) ?? { completed: 0, onTime: 0, medianDaysLate: null },
    ...counts,
  };
}

/**
 * The figures of a month and of the month before it, for what the member reaches (their
 * properties; an inspector, the inspections assigned to them). docs/insight.md "Monthly summary".
 */
export async function summaryFigures(db: DbOrTx, reach: Reach, timeZone: string, month: string): Promise<MonthlySummaryFigures> {
  const before = previousMonth(month);
  // The on-time figure's own months, read as on the month's last day: the two wanted are its last.
  const { months } = await onTimeMonths(db, { reach, propertyIds: undefined, today: lastDay(month), timeZone });
  const onTime = new Map(months.map((m) => [m.month, { completed: m.completed, onTime: m.onTime, medianDaysLate: m.medianDaysLate }]));
  const [current, previous, openBySeverity] = await Promise.all([
    monthFigures(db, reach, timeZone, month, onTime),
    monthFigures(db, reach, timeZone, before, onTime),
    q.openDeficienciesAtEnd(db, reach, { start: `${month}-01`, next: nextMonthStart(month), timeZone }),
  ]);
  return { current, previous, openBySeverity };
}

/** A finished month only: this month's figures are not final yet, a future one has none. */
function assertEnded(month: string, today: string): void {
  if (month >= today.slice(0, 7)) throw validationFailed({ month: [MONTH_NOT_ENDED] }, MONTH_NOT_ENDED);
}

/** GET /api/insight/summary.pdf: the month's summary as a PDF, drawn in a worker thread. */
export async function monthlySummaryPdf(
  deps: MonthlySummaryDeps & { renderer: RenderPool },
  account: Account,
  organizationName: string,
  month: string,
  now = new Date(),
): Promise<{ fileName: string; pdf: Buffer }> {
  const today = todayInTimeZone(account.timeZone, now);
  assertEnded(month, today);
  const figures = await summaryFigures(deps.db, account, account.timeZone, month);
  const counted = figures.current.compliance?.total ?? (await q.countReachedProperties(deps.db, account));
  const job: MonthlySummaryJob = {
    kind: 'monthly-summary',
    organizationName,
    scope:
      counted === 0
        ? 'No properties yet'
        : account.propertyIds === null
          ? `All ${counted === 1 ? '1 property' : `${counted} properties`} of the organisation`
          : `The ${counted === 1 ? 'property' : `${counted} properties`} you are given`,
    timeZone: account.timeZone,
    generatedAt: now.toISOString(),
    today,
    figures,
    sentences: summarySentences(figures),
  };
  return { fileName: `firemark-summary-${month}.pdf`, pdf: await drawOrExplain(deps.renderer, job, { what: 'The summary' }) };
}

const PAGE = 100;

/**
 * The monthly job (jobs/monthly-summary.ts): on the first day of a month in each organisation's
 * zone, each owner and admin who asked gets the last month's summary once. The record of it is
 * written in the mail's transaction under a unique key, so a second run, or two workers at
 * once, send nothing more. An organisation at its hourly mail quota is tried again next hour.
 * Returns how many mails were queued.
 */
export async function sendMonthlySummaries(deps: MonthlySummaryDeps, now = new Date()): Promise<number> {
  let sent = 0;
  let after = 0;
  for (;;) {
    const due = await q.findSummariesDue(deps.db, now, PAGE, after);
    for (const org of due) sent += await sendForOrganization(deps, org);
    if (due.length < PAGE) return sent;
    after = due.at(-1)!.organizationId;
  }
}

async function sendForOrganization(deps: MonthlySummaryDeps, org: q.SummaryDue): Promise<number> {
  const month = org.month.slice(0, 7);
  // Owners and admins reach every property: one set of figures serves them all.
  const figures = await summaryFigures(deps.db, wholeOrganization(org.organizationId), org.timeZone, month);
  const sentences = summarySentences(figures);
  let sent = 0;
  for (const recipient of org.recipients) {
    const queued = await withTransaction(deps.pool, async (tx) => {
      if ((await bulkMailRoom(tx, org.organizationId)) <= 0) return false;
      const claimed = await q.claimSummary(tx.db, org.organizationId, recipient.userId, org.month);
      if (claimed === null) return false;
      const content = monthlySummaryEmail({
        name: recipient.name,
        organizationName: org.organizationName,
        monthLabel: monthLabel(month),
        sentences,
        summaryUrl: `${deps.config.appUrl}/insight?summary=${month}#monthly-summary`,
        settingsUrl: `${deps.config.appUrl}/settings`,
      });
      const outboxId = await queueEmail(
        tx,
        deps.boss,
        { kind: 'monthly_summary', organizationId: org.organizationId, userId: recipient.userId, to: recipient.email, ...content },
        { log: deps.log },
      );
      await q.recordSummaryMail(tx.db, claimed, outboxId);
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}
