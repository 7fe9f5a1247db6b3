import { describe, expect, it } from 'vitest';
import { pdfPages } from '../../testing/pdf-text';
import { MIXED, NAMES, unicodeReport } from '../../testing/unicode-report';
import { renderInvoice } from '../billing/test-mode/invoice-pdf';
import { renderFireSafetyReport } from './report-pdf';

/** pdfjs splits text into runs where the font changes; a reader copies the words whole. */
const squeeze = (text: string) => text.replace(/\s+/g, '');

describe('Unicode in PDFs', () => {
  it('prints Polish, Cyrillic and Japanese names in a report exactly as written', async () => {
    const pages = await pdfPages(await renderFireSafetyReport(unicodeReport()));
    const text = pages.join('\n');
    for (const name of [...NAMES, MIXED, 'Łucja Wójcik', 'zarządca@example.com', 'Сирена не работает; 東京都 3階']) {
      expect(squeeze(text)).toContain(squeeze(name));
    }
    for (const name of NAMES) expect(text).toContain(name);
    expect(text).not.toContain('?');
    // The number on every page, with the link that checks it.
    for (const page of pages) expect(page).toContain('FM-2026-000042');
    expect(pages[0]).toContain('https://firemark.example/verify/AAAAAAAAAAAAAAAAAAAAAA');
    expect(squeeze(text)).toContain(squeeze('NFPA 72 (2022) Table 14.4.3.2'));
    expect(text).toContain('Reviewed by');
  });

  it('prints the same names on an invoice', async () => {
    for (const name of [...NAMES, MIXED]) {
      const pdf = await renderInvoice({
        number: 'FMT-0001',
        createdAt: new Date('2026-05-20T00:00:00Z'),
        periodStart: new Date('2026-05-20T00:00:00Z'),
        periodEnd: new Date('2026-06-20T00:00:00Z'),
        amount: 2900,
        currency: 'usd',
        status: 'paid',
        paidWith: `Visa ending 4242 (${name})`,
        customer: { name, email: 'lucja@example.com' },
      });
      const text = (await pdfPages(pdf)).join('\n');
      expect(squeeze(text)).toContain(squeeze(name));
      expect(text).not.toContain('?');
    }
  });
});
