import PDFDocument from 'pdfkit';
import { complianceStatusDisplay, inspectionDisplayStatus } from '@shared/compliance';
import { formatDisplayDate } from '@shared/dates';
import { COUNTRY_LABELS, humanize, INSPECTION_TYPE_LABELS, type InspectionType } from '@shared/enums';
import type { FireSafetyReportData } from './report-data';

const BRAND = '#b91c1c';
const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const TONES = { green: '#15803d', yellow: '#a16207', red: '#b91c1c', grey: '#475569' } as const;
const MARGIN = 50;

/** The PDF's built-in fonts speak WinAnsi; anything else would print as garbage, so it reads "?". */
const printable = (text: string) =>
  text.replace(/[^\t\n\r\x20-\x7E\xA0-\xFF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026\u20AC]/gu, '?');

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
export function renderFireSafetyReport(data: FireSafetyReportData): Promise<Buffer> {
  const doc = new PDFDocument({
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
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
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

  const table = (columns: Column[], rows: { cells: string[]; colors?: (string | undefined)[] }[]) => {
    const padding = 4;
    const drawRow = (cells: string[], bold: boolean, colors: (string | undefined)[] = []) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      const height =
        Math.max(...cells.map((cell, i) => doc.heightOfString(printable(cell), { width: columns[i]!.width - 2 * padding }))) + 2 * padding;
      if (doc.y + height > bottom()) {
        doc.addPage();
        if (!bold) drawRow(columns.map((c) => c.header), true);
      }
      const top = doc.y;
      let x = MARGIN;
      cells.forEach((cell, i) => {
        doc.fillColor(colors[i] ?? (bold ? INK : MUTED)).text(printable(cell), x + padding, top + padding, {
          width: columns[i]!.width - 2 * padding,
        });
        x += columns[i]!.width;
      });
      doc.moveTo(MARGIN, top + height).lineTo(MARGIN + contentWidth, top + height).strokeColor(RULE).lineWidth(0.5).stroke();
      doc.x = MARGIN;
      doc.y = top + height;
    };
    drawRow(columns.map((c) => c.header), true);
    for (const row of rows) drawRow(row.cells, false, row.colors);
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
  const overall = complianceStatusDisplay(property.status === 'pending' ? 'never_inspected' : property.status);
  doc.moveDown(0.3);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text('Overall status: ', { continued: true });
  doc.fillColor(TONES[overall.tone]).text(property.status === 'pending' ? 'Pending (not yet inspected)' : overall.label);

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
    paragraph('None: no item is non-compliant.');
  } else {
    for (const item of data.deficiencies) {
      ensureSpace(40);
      const when = item.lastInspectionDate ? ` (found ${formatDisplayDate(item.lastInspectionDate)})` : '';
      doc.font('Helvetica-Bold').fontSize(10).fillColor(TONES.red).text(printable(`${typeLabel(item.itemType)}${when}`), MARGIN, doc.y, { width: contentWidth });
      paragraph(item.notes?.trim() || 'No notes were recorded.', INK);
      doc.moveDown(0.4);
    }
  }

  heading('Inspections: the last 12 months, upcoming and still open');
  if (data.inspections.length === 0) {
    paragraph('No inspections in this period.');
  } else {
    table(
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
            inspection.completedDate ? formatDisplayDate(inspection.completedDate.toISOString().slice(0, 10)) : '-',
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
  return done;
}
