import { formatDisplayDate } from '@shared/dates';
import { DEFICIENCY_SEVERITY_LABELS } from '@shared/records';
import { DEFICIENCY_AGE_BANDS } from '@shared/schemas/insight';
import { createPdf } from '../../pdf/document';
import { textHeight, useUnicodeFonts, write } from '../../pdf/unicode-text';
import { monthLabel, SEVERITY_ORDER, type ComplianceAtMonthEnd, type MonthlySummaryFigures, type OnTimeInMonth } from './monthly-summary.text';

/** The job a drawing thread takes (pdf/render-pool.ts); `kind` tells it from a report. */
export interface MonthlySummaryJob {
  kind: 'monthly-summary';
  organizationName: string;
  /** "All 40 properties" or "The 12 properties you are given". */
  scope: string;
  timeZone: string;
  /** ISO instant the summary was drawn. */
  generatedAt: string;
  /** The organisation's date then, YYYY-MM-DD. */
  today: string;
  figures: MonthlySummaryFigures;
  /** The changes in words (monthly-summary.text.ts), as the mail gives them. */
  sentences: string[];
}

export const isMonthlySummaryJob = (job: unknown): job is MonthlySummaryJob => (job as { kind?: unknown } | null)?.kind === 'monthly-summary';

// The compliance report's colours and margins (reports/report-pdf.ts), so the two read as one family.
const BRAND = '#b91c1c';
const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const GREEN = '#15803d';
const YELLOW = '#a16207';
const RED = '#b91c1c';
const MARGIN = 50;

const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${Math.round((part / whole) * 100)}%`);
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `${n}` : 'no change');

/**
 * The monthly portfolio summary (docs/insight.md "Monthly summary"): the changes in words
 * first, then each figure as a table of the month and the month before, with a bar of the
 * share compliant drawn in three tones and labelled in words, so nothing rests on colour.
 */
export async function renderMonthlySummary(job: MonthlySummaryJob): Promise<Buffer> {
  const { current, previous, openBySeverity } = job.figures;
  const now = monthLabel(current.month);
  const then = monthLabel(previous.month);
  const { doc, bytes } = await createPdf({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `Monthly portfolio summary, ${now} - ${job.organizationName}`, Author: 'Firemark', Subject: 'Monthly portfolio summary', CreationDate: new Date(job.generatedAt) },
  });
  useUnicodeFonts(doc);
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensureSpace = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const heading = (text: string) => {
    ensureSpace(90);
    doc.moveDown(1);
    write(doc.fontSize(13).fillColor(INK), 'bold', text, MARGIN, doc.y, { width });
    doc.moveDown(0.4);
  };
  const paragraph = (text: string, color = MUTED) => write(doc.fontSize(10).fillColor(color), 'regular', text, MARGIN, doc.y, { width });

  /** A table of short cells: the first column names the row, the rest are figures, right-aligned. */
  const table = (headers: string[], rows: string[][], widths: number[]) => {
    const padding = 4;
    const row = (cells: string[], bold: boolean) => {
      doc.fontSize(9.5);
      const height = Math.max(...cells.map((cell, i) => textHeight(doc, bold ? 'bold' : 'regular', cell, { width: widths[i]! - 2 * padding }))) + 2 * padding;
      ensureSpace(height);
      const top = doc.y;
      let x = MARGIN;
      cells.forEach((cell, i) => {
        write(doc.fillColor(bold || i === 0 ? INK : MUTED), bold ? 'bold' : 'regular', cell, x + padding, top + padding, {
          width: widths[i]! - 2 * padding,
          align: i === 0 ? 'left' : 'right',
        });
        x += widths[i]!;
      });
      doc.moveTo(MARGIN, top + height).lineTo(MARGIN + width, top + height).strokeColor(RULE).lineWidth(0.5).stroke();
      doc.x = MARGIN;
      doc.y = top + height;
    };
    row(headers, true);
    for (const cells of rows) row(cells, false);
  };
  const fourColumns = [width - 3 * 110, 110, 110, 110];

  /** A bar of compliant, pending and non-compliant shares, with the counts written beside it. */
  const complianceBar = (label: string, counts: ComplianceAtMonthEnd | null) => {
    ensureSpace(34);
    const top = doc.y;
    const labelWidth = 140;
    write(doc.fontSize(9.5).fillColor(INK), 'bold', label, MARGIN, top + 2, { width: labelWidth, lineBreak: false });
    const barX = MARGIN + labelWidth;
    const barWidth = 170;
    if (counts && counts.total > 0) {
      let x = barX;
      for (const [count, color] of [
        [counts.compliant, GREEN],
        [counts.pending, YELLOW],
        [counts.nonCompliant, RED],
      ] as const) {
        const w = (count / counts.total) * barWidth;
        if (w > 0) doc.rect(x, top, w, 14).fill(color);
        x += w;
      }
      doc.rect(barX, top, barWidth, 14).strokeColor(INK).lineWidth(0.5).stroke();
      write(
        doc.fontSize(9).fillColor(MUTED),
        'regular',
        `${counts.compliant} compliant, ${counts.pending} pending, ${counts.nonCompliant} non-compliant`,
        barX + barWidth + 10,
        top + 2,
        { width: width - labelWidth - barWidth - 10, lineBreak: false },
      );
    } else {
      write(doc.fontSize(9).fillColor(MUTED), 'regular', counts ? 'No properties counted' : 'Not recorded', barX, top + 2, { width: width - labelWidth });
    }
    doc.x = MARGIN;
    doc.y = top + 22;
  };

  // Title block.
  doc.rect(MARGIN, MARGIN, 18, 18).fill(BRAND);
  write(doc.fontSize(16).fillColor(BRAND), 'bold', 'Firemark', MARGIN + 26, MARGIN - 2);
  write(doc.fontSize(20).fillColor(INK), 'bold', `Monthly portfolio summary: ${now}`, MARGIN, MARGIN + 36, { width });
  doc.moveDown(0.3);
  const time = new Intl.DateTimeFormat('en-US', { timeZone: job.timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(job.generatedAt));
  paragraph(`${job.organizationName}. ${job.scope}. Generated ${formatDisplayDate(job.today)} at ${time} (${job.timeZone}).`);
  paragraph(`Figures at the end of ${now}, compared with the end of ${then}.`);

  heading('What changed');
  for (const sentence of job.sentences) {
    ensureSpace(20);
    write(doc.fontSize(10.5).fillColor(INK), 'regular', `\u2022  ${sentence}`, MARGIN, doc.y, { width });
    doc.moveDown(0.25);
  }

  heading('Compliance at the end of the month');
  complianceBar(`End of ${then}`, previous.compliance);
  complianceBar(`End of ${now}`, current.compliance);
  const unknown = Math.max(previous.compliance?.unknown ?? 0, current.compliance?.unknown ?? 0);
  if (unknown > 0) {
    paragraph(
      `The status then of ${unknown === 1 ? '1 property' : `${unknown} properties`} is not known: registered before Firemark began its daily record, with no inspection history to derive it from. Counted as pending.`,
    );
  }
  doc.moveDown(0.4);
  const statusRow = (label: string, pick: (c: ComplianceAtMonthEnd) => number): string[] => {
    const p = previous.compliance;
    const c = current.compliance;
    const cell = (x: ComplianceAtMonthEnd | null) => (x ? `${pick(x)} (${percent(pick(x), x.total)})` : 'Not recorded');
    return [label, cell(p), cell(c), p && c ? signed(pick(c) - pick(p)) : '-'];
  };
  table(
    ['Properties', `End of ${then}`, `End of ${now}`, 'Change'],
    [
      statusRow('Compliant (due soon included)', (c) => c.compliant),
      statusRow('Pending (not yet inspected)', (c) => c.pending),
      statusRow('Non-compliant (failed or overdue)', (c) => c.nonCompliant),
      statusRow('All properties counted', (c) => c.total),
    ],
    fourColumns,
  );

  heading('Inspections');
  const onTime = (t: OnTimeInMonth) => (t.completed === 0 ? '-' : `${percent(t.onTime, t.completed)}`);
  const late = (t: OnTimeInMonth) => (t.medianDaysLate === null ? '-' : `${t.medianDaysLate}`);
  table(
    ['', then, now, 'Change'],
    [
      ['Completed', `${previous.onTime.completed}`, `${current.onTime.completed}`, signed(current.onTime.completed - previous.onTime.completed)],
      ['Completed on or before the due date', `${previous.onTime.onTime}`, `${current.onTime.onTime}`, signed(current.onTime.onTime - previous.onTime.onTime)],
      ['On-time rate', onTime(previous.onTime), onTime(current.onTime), ''],
      ['Median days late (of those late)', late(previous.onTime), late(current.onTime), ''],
      ['Overdue at the end of the month', `${previous.overdue}`, `${current.overdue}`, signed(current.overdue - previous.overdue)],
    ],
    fourColumns,
  );

  heading('Deficiencies');
  table(
    ['', then, now, 'Change'],
    [
      ['Found in the month', `${previous.deficienciesOpened}`, `${current.deficienciesOpened}`, signed(current.deficienciesOpened - previous.deficienciesOpened)],
      ['Corrected in the month', `${previous.deficienciesClosed}`, `${current.deficienciesClosed}`, signed(current.deficienciesClosed - previous.deficienciesClosed)],
      ['Open at the end of the month', `${previous.deficienciesOpen}`, `${current.deficienciesOpen}`, signed(current.deficienciesOpen - previous.deficienciesOpen)],
    ],
    fourColumns,
  );

  heading(`Open deficiencies at the end of ${now}, by severity and age`);
  const count = (severity: string, band: string) => openBySeverity.find((b) => b.severity === severity && b.band === band)?.count ?? 0;
  const bandWidth = 90;
  table(
    ['Severity', ...DEFICIENCY_AGE_BANDS.map((band) => `${band} days`), 'All'],
    SEVERITY_ORDER.map((severity) => {
      const counts = DEFICIENCY_AGE_BANDS.map((band) => count(severity, band));
      return [DEFICIENCY_SEVERITY_LABELS[severity], ...counts.map(String), String(counts.reduce((a, b) => a + b, 0))];
    }),
    [width - 4 * bandWidth, bandWidth, bandWidth, bandWidth, bandWidth],
  );

  heading('How these are counted');
  paragraph(
    'Compliance is each property\'s status as Firemark showed it on the month\'s last day, in the organisation\'s time zone. An inspection is on time when it was completed on or before its due date. A deficiency is found on the day its inspection was completed and open until the day it was corrected. An inspection is overdue at the month\'s end when its due date had passed and it was not completed by then. Firemark\'s documentation, "Insight", says more.',
  );

  // Footer on every page, inside the bottom margin (lowered so pdfkit adds no page).
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const marginBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    write(doc.fontSize(8).fillColor(MUTED), 'regular', `Firemark monthly portfolio summary, ${now} - ${job.organizationName} - page ${i + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN, {
      width,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = marginBottom;
  }
  doc.end();
  return bytes;
}
