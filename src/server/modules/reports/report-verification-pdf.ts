import QRCode from 'qrcode';
import { write } from '../../pdf/unicode-text';

/** What a report prints so anyone can check it: its number and its public verification link. */
export interface ReportVerificationMarks {
  reportNumber: string;
  verifyUrl: string;
}

/**
 * The verification link as a QR code, drawn as vector squares (sharp at any zoom, no image
 * to embed). Medium error correction survives a crease or a poor photocopy.
 */
export function drawQrCode(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const quietZone = 2;
  const cell = size / (modules.size + 2 * quietZone);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + (col + quietZone) * cell, y + (row + quietZone) * cell, cell, cell);
    }
  }
  doc.fill('#000000');
  doc.restore();
}

/**
 * The block at the top right of the first page: QR code, then the report number and the
 * short URL under it, right-aligned. Returns where it ends, for the text beside it.
 */
export function drawVerificationBlock(doc: PDFKit.PDFDocument, marks: ReportVerificationMarks, right: number, top: number, ink: string, muted: string): number {
  const size = 78;
  const width = VERIFICATION_BLOCK_WIDTH;
  drawQrCode(doc, marks.verifyUrl, right - size, top, size);
  const x = right - width;
  doc.fontSize(9).fillColor(ink);
  write(doc, 'bold', marks.reportNumber, x, top + size + 2, { width, align: 'right', lineBreak: false });
  doc.fontSize(6.5).fillColor(muted);
  write(doc, 'regular', marks.verifyUrl, x, top + size + 14, { width, align: 'right', lineBreak: false });
  return top + size + 24;
}

/** Text beside the block must stay this far from the right margin. */
export const VERIFICATION_BLOCK_WIDTH = 230;

/** The lines a reviewer signs on paper, at the end of the report. */
export function drawSignatureLines(doc: PDFKit.PDFDocument, left: number, width: number, ink: string): void {
  const lineY = doc.y + 34;
  const nameWidth = width * 0.6;
  doc.fontSize(10).fillColor(ink);
  write(doc, 'regular', 'Reviewed by', left, lineY - 14, { width: 120, lineBreak: false });
  doc.moveTo(left + 70, lineY).lineTo(left + nameWidth - 20, lineY).strokeColor(ink).lineWidth(0.7).stroke();
  write(doc, 'regular', 'Date', left + nameWidth, lineY - 14, { width: 60, lineBreak: false });
  doc.moveTo(left + nameWidth + 32, lineY).lineTo(left + width, lineY).strokeColor(ink).lineWidth(0.7).stroke();
  doc.x = left;
  doc.y = lineY + 10;
}
