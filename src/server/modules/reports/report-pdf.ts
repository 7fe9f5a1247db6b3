import { createPdf, printable } from '../../pdf/document';
import { complianceStatusDisplay, inspectionDisplayStatus, propertyStatusFrom } from '@shared/compliance';
import { formatDisplayDate, todayInTimeZone } from '@shared/dates';
import { COUNTRY_LABELS, humanize, INSPECTION_TYPE_LABELS, type InspectionType } from '@shared/enums';
import type { FireSafetyReportData } from './report-data';

const BRAND = '#b91c1c';
const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const TONES = { green: '#15803d', yellow: '#a16207', red: '#b91c1c', grey: '#475569' } as const;
const MARGIN = 50;
/** About ten lines of a table cell; longer text is cut there and printed in full below. */
const MAX_CELL_HEIGHT = 120;


const typeLabel = (type: string) => INSPECTION_TYPE_LABELS[type as InspectionType] ?? humanize(type);

interface Column {
  header: string;
  width: number;
}

/**
 * SPEC "Report generation" with DECISIONS "Reports": the property, its compliance items, the
 * open deficiencies and a year of inspections, as a dated record for insurers and fire
 * officials. Built-in fonts only, so nothing has to be installed.
 */
export async function renderFireSafetyReport(data: FireSafetyReportData): Promise<Buffer> {
  const { doc, bytes } = await createPdf({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: printable(`Fire safety compliance report - ${data.property.name}`),
      Author: 'Firemark',
      Subject: 'Fire safety compliance report',
      CreationDate: data.generatedAt,
    },
  });

  const contentWidth = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensureSpace = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  const heading = (text: string) => {
    ensureSpace(50);
    doc.moveDown(1);
    doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(text, MARGIN, doc.y, { width: contentWidth });
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
    const setFont = (bold: boolean) => doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const fit = (text: string, width: number) => {
      const options = { width: width - 2 * padding };
      if (doc.heightOfString(text, options) <= MAX_CELL_HEIGHT) return text;
      cut = true;
      let low = 0;
      let high = text.length;
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        if (doc.heightOfString(`${text.slice(0, middle)}...`, options) <= MAX_CELL_HEIGHT) low = middle;
        else high = middle - 1;
      }
      return `${text.slice(0, low).trimEnd()}...`;
    };
    const drawRow = (rawCells: string[], bold: boolean, colors: (string | undefined)[] = []) => {
      setFont(bold);
      const cells = rawCells.map((cell, i) => fit(printable(cell), columns[i]!.width));
      const height =
        Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - 2 * padding }))) + 2 * padding;
      if (doc.y + height > bottom()) {
        doc.addPage();
        if (!bold) drawRow(columns.map((c) => c.header), true);
        setFont(bold);
      }
      const top = doc.y;
      let x = MARGIN;
      cells.forEach((cell, i) => {
        doc.fillColor(colors[i] ?? (bold ? INK : MUTED)).text(cell, x + padding, top + padding, {
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
    doc.font('Helvetica').fontSize(10).fillColor(color).text(printable(text), MARGIN, doc.y, { width: contentWidth });
  };

  // Title block.
  const { property } = data;
  doc.rect(MARGIN, MARGIN, 18, 18).fill(BRAND);
  doc.font('Helvetica-Bold').fontSize(16).fillColor(BRAND).text('Firemark', MARGIN + 26, MARGIN + 1);
  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text('Fire Safety Compliance Report', MARGIN, MARGIN + 36, { width: contentWidth });
  const time = new Intl.DateTimeFormat('en-US', { timeZone: data.timeZone, hour: 'numeric', minute: '2-digit' }).format(data.generatedAt);
  doc.moveDown(0.3);
  paragraph(`Generated ${formatDisplayDate(data.today)} at ${time} (${data.timeZone}) for ${data.account.name} (${data.account.email}).`);

  heading('Property');
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text(printable(property.name), { width: contentWidth });
  const address = [
    [property.addressLine1, property.addressLine2].filter(Boolean).join(', '),
    `${property.city}, ${property.state} ${property.zip}, ${COUNTRY_LABELS[property.country]}`,
  ];
  for (const line of address) paragraph(line);
  paragraph(`Type: ${humanize(property.propertyType)}    Manager: ${property.managerEmail}`);
  // From the items as printed below, so the two always agree.
  const status = propertyStatusFrom(property.complianceItems);
  const overall = complianceStatusDisplay(status === 'pending' ? 'never_inspected' : status);
  doc.moveDown(0.3);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text('Overall status: ', { continued: true });
  doc.fillColor(TONES[overall.tone]).text(status === 'pending' ? 'Pending (not yet inspected)' : overall.label);

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
            typeLabel(item.itemType),
            display.label,
            item.lastInspectionDate ? formatDisplayDate(item.lastInspectionDate) : 'Never inspected',
            item.nextDueDate ? formatDisplayDate(item.nextDueDate) : '-',
          ],
          colors: [INK, TONES[display.tone]],
        };
      }),
    );
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
      doc.font('Helvetica-Bold').fontSize(10).fillColor(TONES.red).text(printable(title), MARGIN, doc.y, { width: contentWidth });
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
            typeLabel(inspection.inspectionType),
            humanize(status),
            inspection.complianceResult ? complianceStatusDisplay(inspection.complianceResult).label : '-',
            inspection.completedDate ? formatDisplayDate(todayInTimeZone(data.timeZone, inspection.completedDate)) : '-',
            inspection.assignedTo,
            inspection.notes ?? '',
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

  /** The rows that a table cell had to cut, whole, after the table. */
  function inFull(inspections: FireSafetyReportData['inspections']) {
    heading('Inspection details in full');
    for (const inspection of inspections) {
      ensureSpace(40);
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .fillColor(INK)
        .text(printable(`${typeLabel(inspection.inspectionType)}, due ${formatDisplayDate(inspection.dueDate)}`), MARGIN, doc.y, { width: contentWidth });
      paragraph(`Assigned to: ${inspection.assignedTo}`);
      if (inspection.notes) paragraph(inspection.notes, INK);
      doc.moveDown(0.4);
    }
  }

  // Footer on every page, inside the bottom margin (lowered so pdfkit adds no page).
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const marginBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        printable(`Firemark - ${property.name} - generated ${formatDisplayDate(data.today)} - page ${i + 1} of ${range.count}`),
        MARGIN,
        doc.page.height - MARGIN,
        { width: contentWidth, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = marginBottom;
  }
  doc.end();
  return bytes;
}
