import { parentPort, workerData } from 'node:worker_threads';
import type { FireSafetyReportData } from './report-data';
import { renderFireSafetyReport } from './report-pdf';
import { isLabelSheetJob, renderLabelSheet, type LabelSheetJob } from '../devices/labels.pdf';
import { isMonthlySummaryJob, renderMonthlySummary, type MonthlySummaryJob } from '../insight/monthly-summary.pdf';

/**
 * A report-drawing thread (pdf/render-pool.ts): takes the report's data, answers with the
 * PDF's bytes, moved rather than copied. A PDF over the size limit is answered as refused,
 * without its bytes. Photos arrive as the app's own re-encoded images only. Sheets of device
 * labels and the monthly portfolio summary are drawn by the same threads, under the same limits.
 */
const { maxBytes } = workerData as { maxBytes: number };

type Job = FireSafetyReportData | LabelSheetJob | MonthlySummaryJob;

async function draw(job: Job): Promise<Buffer> {
  if (isLabelSheetJob(job)) return renderLabelSheet(job);
  if (isMonthlySummaryJob(job)) return renderMonthlySummary(job);
  const records = job.records && {
    ...job.records,
    deficiencies: job.records.deficiencies.map((d) => ({ ...d, photos: d.photos.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)) })),
  };
  return renderFireSafetyReport({ ...job, records });
}

parentPort!.on('message', async ({ id, job }: { id: number; job: Job }) => {
  try {
    const pdf = await draw(job);
    if (pdf.byteLength > maxBytes) {
      parentPort!.postMessage({ id, error: { reason: 'too_large', message: `the PDF came to ${pdf.byteLength} bytes, over the limit of ${maxBytes}` } });
      return;
    }
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    // A Buffer may share its memory with others (the pool); only a whole buffer can be moved.
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const out = whole ? bytes : bytes.slice();
    parentPort!.postMessage({ id, bytes: out }, [out.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: { reason: 'crash', message: error instanceof Error ? error.message : String(error) } });
  }
});
