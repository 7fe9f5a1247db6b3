import { createPdf } from '../../../pdf/document';
import { useUnicodeFonts, write } from '../../../pdf/unicode-text';
import { formatDisplayDate } from '@shared/dates';
import { PRO_PLAN_NAME } from '@shared/plans';

const BRAND = '#b91c1c';
const INK = '#111827';
const MUTED = '#4b5563';

export interface InvoiceData {
  number: string;
  createdAt: Date;
  periodStart: Date;
  periodEnd: Date;
  amount: number;
  currency: string;
  status: string;
  paidWith: string | null;
  customer: { name: string; email: string };
}

const money = (cents: number, currency: string) => `$${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/** A one-page invoice of the test-mode provider, marked as such; names print in any script. */
export async function renderInvoice(data: InvoiceData): Promise<Buffer> {
  const { doc, bytes } = await createPdf({ size: 'LETTER', margin: 50, info: { Title: `Invoice ${data.number}`, Author: 'Firemark' } });
  useUnicodeFonts(doc);
  const day = (date: Date) => formatDisplayDate(date.toISOString().slice(0, 10));

  doc.rect(50, 50, 18, 18).fill(BRAND);
  doc.font('bold').fontSize(16).fillColor(BRAND).text('Firemark', 76, 48);
  doc.font('bold').fontSize(22).fillColor(INK).text('Invoice', 50, 90);
  doc.font('regular').fontSize(10).fillColor(MUTED);
  doc.text(`Invoice number: ${data.number}`).text(`Date: ${day(data.createdAt)}`).text(`Status: ${data.status === 'paid' ? 'Paid' : data.status}`);
  doc.text('Test mode: no money was charged.', { underline: false });
  doc.moveDown();
  doc.font('bold').fillColor(INK).text('Billed to');
  write(doc.fillColor(MUTED), 'regular', data.customer.name, 50, doc.y);
  write(doc, 'regular', data.customer.email, 50, doc.y);
  doc.moveDown();
  doc.font('bold').fillColor(INK).text('Description', 50, doc.y, { continued: true }).text('Amount', { align: 'right' });
  doc.moveTo(50, doc.y + 2).lineTo(562, doc.y + 2).strokeColor('#d1d5db').stroke();
  doc.moveDown(0.5);
  doc
    .font('regular')
    .fillColor(INK)
    .text(`${PRO_PLAN_NAME}, monthly (${day(data.periodStart)} to ${day(data.periodEnd)})`, 50, doc.y, { continued: true })
    .text(money(data.amount, data.currency), { align: 'right' });
  doc.moveDown();
  doc.font('bold').text('Total', 50, doc.y, { continued: true }).text(money(data.amount, data.currency), { align: 'right' });
  if (data.paidWith) {
    doc.moveDown();
    write(doc.fillColor(MUTED), 'regular', `Paid with ${data.paidWith}.`, 50, doc.y);
  }
  doc.end();
  return bytes;
}
