import QRCode from 'qrcode';
import type { LabelFormat } from '@shared/devices';
import { createPdf } from '../../pdf/document';
import { useUnicodeFonts, write } from '../../pdf/unicode-text';

const INCH = 72;
const MM = 72 / 25.4;

/** One sheet of labels: where the first label sits and how far apart the next ones are, in points. */
export interface SheetLayout {
  name: string;
  page: 'LETTER' | 'A4';
  columns: number;
  rows: number;
  labelWidth: number;
  labelHeight: number;
  /** From the page's left and top edges to the first label's. */
  left: number;
  top: number;
  /** From one label's left (top) edge to the next one's. */
  pitchX: number;
  pitchY: number;
}

/**
 * The sheets as their makers print them (Avery's templates): a label drawn where the template
 * puts it lands on the die-cut label when printed at 100 %.
 * - Avery 5160 (US Letter): 3 x 10 labels of 2 5/8 x 1 in, 1/2 in from the top, 3/16 in
 *   from the side, 1/8 in between columns.
 * - Avery L7160 (A4): 3 x 7 labels of 63.5 x 38.1 mm, 15.15 mm from the top, 7.21 mm from
 *   the side, 2.54 mm between columns.
 * - Weatherproof 2 x 4 in (US Letter, the Avery 5163 layout its weatherproof sheets share):
 *   2 x 5 labels, 1/2 in from the top, 5/32 in from the side, 3/16 in between columns.
 */
export const SHEET_LAYOUTS: Record<LabelFormat, SheetLayout> = {
  'avery-5160': {
    name: 'Avery 5160',
    page: 'LETTER',
    columns: 3,
    rows: 10,
    labelWidth: 2.625 * INCH,
    labelHeight: 1 * INCH,
    left: 0.1875 * INCH,
    top: 0.5 * INCH,
    pitchX: 2.75 * INCH,
    pitchY: 1 * INCH,
  },
  'avery-l7160': {
    name: 'Avery L7160',
    page: 'A4',
    columns: 3,
    rows: 7,
    labelWidth: 63.5 * MM,
    labelHeight: 38.1 * MM,
    left: 7.21 * MM,
    top: 15.15 * MM,
    pitchX: 66.04 * MM,
    pitchY: 38.1 * MM,
  },
  'weatherproof-2x4': {
    name: 'Weatherproof 2 x 4 in',
    page: 'LETTER',
    columns: 2,
    rows: 5,
    labelWidth: 4 * INCH,
    labelHeight: 2 * INCH,
    left: 0.15625 * INCH,
    top: 0.5 * INCH,
    pitchX: 4.1875 * INCH,
    pitchY: 2 * INCH,
  },
};

export const labelsPerSheet = (format: LabelFormat) => SHEET_LAYOUTS[format].columns * SHEET_LAYOUTS[format].rows;

/** What one label prints. */
export interface LabelContent {
  tag: string;
  /** The QR code's text: `${APP_URL}/t/${tag}`. */
  url: string;
  /** "Fire extinguisher · Dry chemical · 5 lb" */
  kind: string;
  propertyName: string;
  /** "North wing · Floor 3 · 301 · by stair B door"; may be empty. */
  location: string;
}

/** The job a drawing thread takes (pdf/render-pool.ts); `kind` tells it from a report. */
export interface LabelSheetJob {
  kind: 'label-sheet';
  format: LabelFormat;
  /** Labels already used on the first sheet: the first label goes on the next free one. */
  skip: number;
  labels: LabelContent[];
}

export const isLabelSheetJob = (job: unknown): job is LabelSheetJob => (job as { kind?: unknown } | null)?.kind === 'label-sheet';

/** ISO/IEC 18004 asks for four light modules around the code; scanners may fail without them. */
export const QR_QUIET_ZONE = 4;
/** Space kept inside a die-cut label's edge: printers and cutting both drift by a millimetre or so. */
const PADDING_RATIO = 0.08;

/**
 * The QR code as vector squares: each row's runs of dark modules drawn as one rectangle (a
 * fraction of the operators one square a module would take), filled black in one path.
 * Medium error correction survives a scratch on a label in a plant room. `size` is the
 * square with the quiet zone, which stays blank inside it.
 */
export function drawLabelQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const cell = size / (modules.size + 2 * QR_QUIET_ZONE);
  const origin = (n: number) => (n + QR_QUIET_ZONE) * cell;
  doc.save();
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      doc.rect(x + origin(start), y + origin(row), (col - start) * cell, cell);
    }
  }
  doc.fill('#000000');
  doc.restore();
}

/** The largest size up to `max` at which `text` fits `width` in the current font. */
function fittingSize(doc: PDFKit.PDFDocument, text: string, width: number, max: number, min: number): number {
  doc.fontSize(max);
  const measured = doc.widthOfString(text);
  return measured <= width ? max : Math.max(min, Math.floor((max * width) / measured * 10) / 10);
}

/** One label: the QR code on the left, the tag large beside it, then what and where it is. */
function drawLabel(doc: PDFKit.PDFDocument, layout: SheetLayout, label: LabelContent, x: number, y: number): void {
  const padding = Math.round(layout.labelHeight * PADDING_RATIO * 10) / 10;
  // Square, as tall as the label allows, but leaving the text at least three fifths of a wide label.
  const qrSize = Math.min(layout.labelHeight - 2 * padding, layout.labelWidth * 0.4);
  // The quiet zone is part of the square, so the code itself starts inside the padding.
  drawLabelQr(doc, label.url, x + padding, y + (layout.labelHeight - qrSize) / 2, qrSize);

  const textX = x + padding + qrSize + padding / 2;
  const textWidth = x + layout.labelWidth - padding - textX;
  const top = y + padding + (layout.labelHeight - 2 * padding) * 0.06;
  const scale = layout.labelHeight / INCH;
  const small = Math.min(7 * Math.sqrt(scale), 10);

  doc.font('bold');
  const tagSize = fittingSize(doc, label.tag, textWidth, Math.min(18 * Math.sqrt(scale), 28), 5);
  doc.fillColor('#000000');
  write(doc.fontSize(tagSize), 'bold', label.tag, textX, top, { width: textWidth, lineBreak: false });
  let lineY = top + tagSize * 1.15;
  const bottom = y + layout.labelHeight - padding / 2;
  /** A line cut with "..." where it is too long; the location takes what room is left. */
  const line = (text: string, weight: 'regular' | 'bold', rest = false) => {
    if (!text) return;
    const lineHeight = doc.font(weight).fontSize(small).currentLineHeight(true);
    const height = rest ? bottom - lineY : lineHeight * 1.05;
    if (height < lineHeight) return;
    write(doc.fontSize(small), weight, text, textX, lineY, { width: textWidth, height, ellipsis: true });
    lineY += lineHeight;
  };
  line(label.kind, 'regular');
  line(label.propertyName, 'bold');
  line(label.location, 'regular', true);
}

/**
 * A PDF of label sheets: one page per sheet, the labels in the order given, starting after
 * `skip` labels on the first sheet (a sheet partly used before). Printed in the report's
 * fonts, so a property or room named in any script prints as written.
 */
export async function renderLabelSheet(job: LabelSheetJob): Promise<Buffer> {
  const layout = SHEET_LAYOUTS[job.format];
  const perSheet = layout.columns * layout.rows;
  const { doc, bytes } = await createPdf({
    size: layout.page,
    margin: 0,
    autoFirstPage: false,
    info: { Title: `Device labels (${layout.name})`, Author: 'Firemark', Subject: 'Device labels' },
  });
  useUnicodeFonts(doc);
  job.labels.forEach((label, i) => {
    const position = job.skip + i;
    const slot = position % perSheet;
    if (i === 0 || slot === 0) doc.addPage({ size: layout.page, margin: 0 });
    const column = slot % layout.columns;
    const row = Math.floor(slot / layout.columns);
    drawLabel(doc, layout, label, layout.left + column * layout.pitchX, layout.top + row * layout.pitchY);
  });
  doc.end();
  return bytes;
}
