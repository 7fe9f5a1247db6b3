import { createPdf } from '../../pdf/document';
import { textHeight, useUnicodeFonts, write, type Weight } from '../../pdf/unicode-text';
import { codeSetLine } from '@shared/code-sets';
import { complianceStatusDisplay, inspectionDisplayStatus, propertyStatusDisplay, propertyStatusFrom, propertyStatusReason } from '@shared/compliance';
import { formatDisplayDate, todayInTimeZone } from '@shared/dates';
import { COUNTRY_LABELS, humanize, INSPECTION_TYPE_LABELS, type InspectionType } from '@shared/enums';
import type { FireSafetyReportData, ReportRequirement, ReportSchedule, ReportScheduleChange } from './report-data';
import { drawSignatureLines, drawVerificationBlock, VERIFICATION_BLOCK_WIDTH } from './report-verification-pdf';
import { drawRecordSections, inspectionNotesText } from './report-records';
import { activityBasisLabel } from '@shared/activity-basis';
import { deviceCountText, drawDeviceInventory } from './report-devices';

const BRAND = '#b91c1c';
const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const TONES = { green: '#15803d', yellow: '#a16207', red: '#b91c1c', grey: '#475569' } as const;
const MARGIN = 50;
/** About ten lines of a table cell; longer text is cut there and printed in full below. */
const MAX_CELL_HEIGHT = 120;


const typeLabel = (type: string) => INSPECTION_TYPE_LABELS[type as InspectionType] ?? humanize(type);

/** A schedule change in words: "Interval: every 12 months, now every 6 months". */
function changeText(change: ReportScheduleChange): string {
  const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
  switch (change.kind) {
    case 'switched_off':
      return 'Switched off';
    case 'switched_on':
      return 'Switched on';
    case 'interval_changed':
      return `Interval: ${lowerFirst(change.detail)}`;
    case 'custom_added':
      return `Added by hand: ${lowerFirst(change.detail.replace(/^Added: /, ''))}`;
  }
}

interface Column {
  header: string;
  width: number;
}

/**
 * SPEC "Report generation" with DECISIONS "Reports": the property, its compliance items, the
 * open deficiencies and a year of inspections, as a dated record for insurers and fire
 * officials. Printed in Noto Sans (with Noto Sans JP for CJK), so a name in any of those
 * scripts prints as written; its number, QR code and verification link are on it so anyone
 * can check it (docs/verification.md).
 */
export async function renderFireSafetyReport(data: FireSafetyReportData): Promise<Buffer> {
  const { doc, bytes } = await createPdf({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: `Fire safety compliance report ${data.verification.reportNumber} - ${data.property.name}`,
      Author: 'Firemark',
      Subject: 'Fire safety compliance report',
      CreationDate: data.generatedAt,
    },
  });
  useUnicodeFonts(doc);

  const contentWidth = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensureSpace = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  const heading = (text: string) => {
    ensureSpace(50);
    doc.moveDown(1);
    write(doc.fontSize(13).fillColor(INK), 'bold', text, MARGIN, doc.y, { width: contentWidth });
    doc.moveDown(0.4);
  };

  /**
   * A table whose rows never split: a row that does not fit starts a new page (with the
   * header again), and a cell taller than MAX_CELL_HEIGHT is cut with "...", so one long
   * note cannot run over several pages on its own. Returns the indexes of the rows cut.
   */
  const table = (columns: Column[], rows: { cells: string[]; colors?: (string | undefined)[] }[]): Set<number> => {
    const padding = 4;
    const cutRows = new Set<number>();
    let cut = false;
    let weight: Weight = 'regular';
    const setFont = (bold: boolean) => {
      weight = bold ? 'bold' : 'regular';
      doc.fontSize(9);
    };
    const measure = (text: string, options: PDFKit.Mixins.TextOptions) => textHeight(doc, weight, text, options);
    const fit = (text: string, width: number) => {
      const options = { width: width - 2 * padding };
      if (measure(text, options) <= MAX_CELL_HEIGHT) return text;
      cut = true;
      let low = 0;
      let high = text.length;
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        if (measure(`${text.slice(0, middle)}...`, options) <= MAX_CELL_HEIGHT) low = middle;
        else high = middle - 1;
      }
      return `${text.slice(0, low).trimEnd()}...`;
    };
    const drawRow = (rawCells: string[], bold: boolean, colors: (string | undefined)[] = []) => {
      setFont(bold);
      const cells = rawCells.map((cell, i) => fit(cell, columns[i]!.width));
      const height = Math.max(...cells.map((cell, i) => measure(cell, { width: columns[i]!.width - 2 * padding }))) + 2 * padding;
      if (doc.y + height > bottom()) {
        doc.addPage();
        if (!bold) drawRow(columns.map((c) => c.header), true);
        setFont(bold);
      }
      const top = doc.y;
      let x = MARGIN;
      cells.forEach((cell, i) => {
        write(doc.fillColor(colors[i] ?? (bold ? INK : MUTED)), weight, cell, x + padding, top + padding, {
          width: columns[i]!.width - 2 * padding,
        });
        x += columns[i]!.width;
      });
      doc.moveTo(MARGIN, top + height).lineTo(MARGIN + contentWidth, top + height).strokeColor(RULE).lineWidth(0.5).stroke();
      doc.x = MARGIN;
      doc.y = top + height;
    };
    drawRow(columns.map((c) => c.header), true);
    rows.forEach((row, i) => {
      cut = false;
      drawRow(row.cells, false, row.colors);
      if (cut) cutRows.add(i);
    });
    return cutRows;
  };

  const paragraph = (text: string, color = MUTED) => {
    write(doc.fontSize(10).fillColor(color), 'regular', text, MARGIN, doc.y, { width: contentWidth });
  };

  // Title block.
  const { property } = data;
  doc.rect(MARGIN, MARGIN, 18, 18).fill(BRAND);
  write(doc.fontSize(16).fillColor(BRAND), 'bold', 'Firemark', MARGIN + 26, MARGIN - 2);
  const blockBottom = drawVerificationBlock(doc, data.verification, MARGIN + contentWidth, MARGIN - 10, INK, MUTED);
  write(doc.fontSize(20).fillColor(INK), 'bold', 'Fire Safety Compliance Report', MARGIN, MARGIN + 36, { width: contentWidth - 100 });
  const time = new Intl.DateTimeFormat('en-US', { timeZone: data.timeZone, hour: 'numeric', minute: '2-digit' }).format(data.generatedAt);
  doc.moveDown(0.3);
  write(
    doc.fontSize(10).fillColor(MUTED),
    'regular',
    `Report ${data.verification.reportNumber}. Generated ${formatDisplayDate(data.today)} at ${time} (${data.timeZone}) for ${data.account.name} (${data.account.email}).`,
    MARGIN,
    doc.y,
    { width: contentWidth - VERIFICATION_BLOCK_WIDTH - 10 },
  );
  doc.y = Math.max(doc.y, blockBottom);

  heading('Property');
  write(doc.fontSize(12).fillColor(INK), 'bold', property.name, MARGIN, doc.y, { width: contentWidth });
  const address = [
    [property.addressLine1, property.addressLine2].filter(Boolean).join(', '),
    `${property.city}, ${property.state} ${property.zip}, ${COUNTRY_LABELS[property.country]}`,
  ];
  for (const line of address) paragraph(line);
  paragraph(`Type: ${humanize(property.propertyType)}    Manager: ${property.managerEmail}`);
  // Which code and editions the requirements below come from (issue 37 §3).
  paragraph(`Code set: ${codeSetLine(property.codeSet)}`);
  // From the items as printed below, so the two always agree.
  const status = propertyStatusFrom(property.complianceItems);
  const overall = propertyStatusDisplay(status);
  doc.moveDown(0.3);
  write(doc.fontSize(11).fillColor(INK), 'bold', 'Overall status: ', MARGIN, doc.y, { continued: true });
  doc.fillColor(TONES[overall.tone]).text(overall.label);
  // DECISIONS "Compliance model": a status is never shown without its reason.
  paragraph(propertyStatusReason(status, property.complianceItems), INK);

  heading('Compliance items');
  if (property.complianceItems.length === 0) {
    paragraph('No compliance items yet: no inspection has been scheduled for this property.');
  } else {
    table(
      [
        { header: 'Item', width: 170 },
        { header: 'Status', width: 110 },
        { header: 'Last inspected', width: 116 },
        { header: 'Next due', width: contentWidth - 396 },
      ],
      property.complianceItems.map((item) => {
        const display = complianceStatusDisplay(item.status);
        return {
          cells: [
            // The count points to the device inventory further on.
            typeLabel(item.itemType) + deviceCountText(data.devices, item.itemType),
            display.label,
            item.lastInspectionDate ? formatDisplayDate(item.lastInspectionDate) : 'Never inspected',
            item.nextDueDate ? formatDisplayDate(item.nextDueDate) : '-',
          ],
          colors: [INK, TONES[display.tone]],
        };
      }),
    );
  }

  requirementsSection(data.requirements);
  // With no requirement there is no schedule to depart from.
  if (data.schedule && (data.requirements.length > 0 || data.schedule.switchedOff.length > 0 || data.schedule.changes.length > 0)) {
    scheduleSections(data.schedule);
  }

  heading('Open deficiencies');
  if (data.deficiencies.length === 0) {
    paragraph('None: no item is non-compliant or overdue.');
  } else {
    for (const item of data.deficiencies) {
      ensureSpace(40);
      const title =
        item.status === 'overdue'
          ? `${typeLabel(item.itemType)}: inspection overdue since ${formatDisplayDate(item.nextDueDate)}`
          : `${typeLabel(item.itemType)}: non-compliant${item.lastInspectionDate ? ` (found ${formatDisplayDate(item.lastInspectionDate)})` : ''}`;
      write(doc.fontSize(10).fillColor(TONES.red), 'bold', title, MARGIN, doc.y, { width: contentWidth });
      if (item.status === 'non_compliant') paragraph(item.notes?.trim() || 'No notes were recorded.', INK);
      doc.moveDown(0.4);
    }
  }

  heading('Inspections: the last 12 months, upcoming and still open');
  if (data.inspections.length === 0) {
    paragraph('No inspections in this period.');
  } else {
    const cut = table(
      [
        { header: 'Due', width: 66 },
        { header: 'Inspection', width: 80 },
        { header: 'Status', width: 56 },
        { header: 'Result', width: 64 },
        { header: 'Completed', width: 66 },
        { header: 'Assigned to', width: 68 },
        { header: 'Notes', width: contentWidth - 400 },
      ],
      data.inspections.map((inspection) => {
        const status = inspectionDisplayStatus(inspection, data.today);
        return {
          cells: [
            formatDisplayDate(inspection.dueDate),
            inspectionLabel(inspection) + retestLabel(inspection, data.timeZone),
            humanize(status),
            inspection.complianceResult ? complianceStatusDisplay(inspection.complianceResult).label : '-',
            inspection.completedDate ? formatDisplayDate(todayInTimeZone(data.timeZone, inspection.completedDate)) : '-',
            inspection.assignedTo,
            inspectionNotesText(inspection),
          ],
          colors: [undefined, INK, status === 'overdue' ? TONES.red : undefined],
        };
      }),
    );
    if (data.inspectionsLeftOut > 0) {
      doc.moveDown(0.4);
      paragraph(`${data.inspectionsLeftOut} older inspections of this period are not listed.`);
    }
    if (cut.size > 0) inFull(data.inspections.filter((_, i) => cut.has(i)));
  }

  const drawing = { doc, margin: MARGIN, contentWidth, heading, paragraph, ensureSpace, table, colors: { ink: INK, red: TONES.red, green: TONES.green } };
  if (data.records) drawRecordSections(drawing, data.records);
  // Last, as an appendix: an inventory of hundreds of devices would otherwise push the rest far back.
  if (data.devices) drawDeviceInventory(drawing, data.devices, data.today);

  /** The rows that a table cell had to cut, whole, after the table. */
  function inFull(inspections: FireSafetyReportData['inspections']) {
    heading('Inspection details in full');
    for (const inspection of inspections) {
      ensureSpace(40);
      write(doc.fontSize(10).fillColor(INK), 'bold', `${inspectionLabel(inspection)}, due ${formatDisplayDate(inspection.dueDate)}`, MARGIN, doc.y, {
        width: contentWidth,
      });
      paragraph(`Assigned to: ${inspection.assignedTo}`);
      if (inspection.notes || inspection.completionNotes) paragraph(inspectionNotesText(inspection), INK);
      doc.moveDown(0.4);
    }
  }

  // A reviewer signs the printed report; the lines keep together at the end.
  ensureSpace(70);
  doc.moveDown(1.5);
  drawSignatureLines(doc, MARGIN, contentWidth, INK);

  /** Each active requirement with the standard it comes from (docs/compliance-schedule.md). */
  function requirementsSection(requirements: ReportRequirement[]) {
    if (requirements.length === 0) return;
    heading('Requirements and their sources');
    paragraph(`From the code set ${codeSetLine(data.property.codeSet)} Each source names its edition.`);
    table(
      [
        { header: 'Item', width: 100 },
        { header: 'Requirement', width: 130 },
        { header: 'Interval', width: 92 },
        { header: 'Source', width: 120 },
        { header: 'Next due', width: contentWidth - 442 },
      ],
      requirements.map((r) => ({
        // Marked here too, so a reader of this table alone sees it (issue 37).
        cells: [typeLabel(r.itemType), r.activity, r.belowCodeMinimum ? `${r.interval} (below the code minimum)` : r.interval, r.source ?? 'Not given', r.dueWindow ?? formatDisplayDate(r.nextDueDate)],
        colors: [INK, undefined, r.belowCodeMinimum ? TONES.red : undefined],
      })),
    );
  }

  /**
   * Where the schedule departs from its sources, with the reasons (DECISIONS "Requirements and
   * recurrence"): an insurer reads why a check is not done, or done at another interval, who
   * decided it and when (docs/compliance-schedule.md).
   */
  function scheduleSections(schedule: ReportSchedule) {
    const when = (iso: string | null) => (iso ? formatDisplayDate(todayInTimeZone(data.timeZone, new Date(iso))) : 'Not recorded');
    const fullReasons: { title: string; reason: string }[] = [];

    heading('Below the code minimum');
    if (schedule.belowMinimum.length === 0) {
      paragraph('None: every requirement from the library applies, at least as often as its source asks.');
    } else {
      paragraph('What the code asks that this property does not do, or does less often, and the reason given.');
      doc.moveDown(0.3);
      const rows = schedule.belowMinimum.map((r) => ({
        title: `${typeLabel(r.itemType)}: ${r.activity}, below the code minimum`,
        reason: r.reason ?? 'No reason recorded',
        cells: [
          typeLabel(r.itemType),
          r.source ? `${r.activity} (source: ${r.source})` : r.activity,
          r.codeAsks,
          r.kept,
          r.reason ?? 'No reason recorded',
        ],
      }));
      const cut = table(
        [
          { header: 'Item', width: 80 },
          { header: 'Requirement', width: 140 },
          { header: 'The code asks', width: 74 },
          { header: 'Kept here', width: 74 },
          { header: 'Reason', width: contentWidth - 368 },
        ],
        rows.map((row) => ({ cells: row.cells, colors: [INK, undefined, undefined, TONES.red] })),
      );
      rows.forEach((row, i) => cut.has(i) && fullReasons.push(row));
    }

    heading('Requirements switched off');
    if (schedule.switchedOff.length === 0) {
      paragraph('None: every requirement of the schedule applies.');
    } else {
      const rows = schedule.switchedOff.map((r) => ({
        title: `${typeLabel(r.itemType)}: ${r.activity}`,
        reason: r.reason ?? 'No reason recorded',
        cells: [
          typeLabel(r.itemType),
          r.source ? `${r.activity} (source: ${r.source})` : r.activity,
          r.changedAt ? `${when(r.changedAt)} by ${r.changedBy}` : 'Not recorded',
          r.reason ?? 'No reason recorded',
        ],
      }));
      const cut = table(
        [
          { header: 'Item', width: 84 },
          { header: 'Requirement', width: 140 },
          { header: 'Switched off', width: 96 },
          { header: 'Reason', width: contentWidth - 320 },
        ],
        rows.map((row) => ({ cells: row.cells, colors: [INK] })),
      );
      rows.forEach((row, i) => cut.has(i) && fullReasons.push(row));
    }

    heading('Changes to the schedule');
    if (schedule.changes.length === 0) {
      paragraph('None: no requirement was switched off or on or had its interval changed, and none was added by hand.');
    } else {
      const rows = schedule.changes.map((c) => ({
        title: `${typeLabel(c.itemType)}: ${c.activity}, ${changeText(c)}`,
        reason: c.reason ?? 'No reason recorded',
        cells: [when(c.changedAt), c.changedBy, `${typeLabel(c.itemType)}: ${c.activity}`, changeText(c), c.reason ?? 'No reason recorded'],
      }));
      const cut = table(
        [
          { header: 'When', width: 64 },
          { header: 'By', width: 76 },
          { header: 'Requirement', width: 126 },
          { header: 'Change', width: 110 },
          { header: 'Reason', width: contentWidth - 376 },
        ],
        rows.map((row) => ({ cells: row.cells, colors: [undefined, undefined, INK] })),
      );
      rows.forEach((row, i) => cut.has(i) && fullReasons.push(row));
      if (schedule.changesLeftOut > 0) {
        doc.moveDown(0.4);
        paragraph(`${schedule.changesLeftOut} older changes are not listed.`);
      }
    }

    if (fullReasons.length > 0) {
      heading('Reasons in full');
      for (const { title, reason } of fullReasons) {
        ensureSpace(40);
        write(doc.fontSize(10).fillColor(INK), 'bold', title, MARGIN, doc.y, { width: contentWidth });
        paragraph(reason, INK);
        doc.moveDown(0.4);
      }
    }
  }

  // Footer on every page, inside the bottom margin (lowered so pdfkit adds no page).
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const marginBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    write(
      doc.fontSize(8).fillColor(MUTED),
      'regular',
      `Firemark report ${data.verification.reportNumber} - verify at ${data.verification.verifyUrl} - page ${i + 1} of ${range.count}`,
      MARGIN,
      doc.page.height - MARGIN,
      { width: contentWidth, align: 'center', lineBreak: false },
    );
    doc.page.margins.bottom = marginBottom;
  }
  doc.end();
  return bytes;
}

/** "; re-test of the inspection of Mar 1, 2027": a re-test after a repair says what it re-tests. */
function retestLabel(inspection: FireSafetyReportData['inspections'][number], timeZone: string): string {
  if (!inspection.isRetest) return '';
  return inspection.retestOfCompletedDate
    ? `; re-test of the inspection of ${formatDisplayDate(todayInTimeZone(timeZone, inspection.retestOfCompletedDate))}`
    : '; re-test after a repair';
}

/**
 * The inspection's type; with its activity and "Activity not stated" or "Activity assumed" when
 * it counts for the principal requirement without anyone having said so (issue 37).
 */
function inspectionLabel(inspection: FireSafetyReportData['inspections'][number]): string {
  const type = typeLabel(inspection.inspectionType);
  const basis = activityBasisLabel(inspection.activityBasis);
  if (!basis) return type;
  return inspection.activity ? `${type}: ${inspection.activity} (${basis})` : `${type} (${basis})`;
}
