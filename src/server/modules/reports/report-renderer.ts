import { ERROR_CODES } from '@shared/api-error';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { createRenderPool, RenderFailure, type RenderPool } from '../../pdf/render-pool';
import type { FireSafetyReportData } from './report-data';

/** Reports waiting for a drawing thread beyond which a new one is refused at once. */
const MAX_WAITING_REPORTS = 20;

/**
 * The built server is one bundle with the worker beside it (scripts/build-server.mjs); from
 * the sources (tests, `npm run dev`) the worker is TypeScript, run through tsx as the rest is.
 */
const fromSources = import.meta.url.endsWith('.ts');
const workerFile = new URL(fromSources ? './report-worker.ts' : './report-worker.js', import.meta.url);

export type ReportRenderer = RenderPool;

export function createReportRenderer(config: Config, onWorkerLost?: (reason: string, detail: string) => void): ReportRenderer {
  return createRenderPool({
    workerFile,
    size: config.reports.workers,
    timeoutMs: config.reports.timeoutMs,
    memoryMb: config.reports.memoryMb,
    maxBytes: config.reports.maxBytes,
    maxQueue: MAX_WAITING_REPORTS,
    fromSources,
    onWorkerLost,
  });
}

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${Math.round(bytes / (1024 * 1024))} MB`);

/**
 * Draws the report in a worker; a drawing that fails is answered with what happened and what
 * to do, as a failed report, never as a stopped server.
 */
export async function drawFireSafetyReport(renderer: ReportRenderer, config: Config, data: FireSafetyReportData): Promise<Buffer> {
  try {
    return await renderer.render(data);
  } catch (error) {
    if (!(error instanceof RenderFailure)) throw error;
    switch (error.reason) {
      case 'too_large':
        throw new AppError(
          ERROR_CODES.reportTooLarge,
          `This report would be larger than ${size(config.reports.maxBytes)}, the most Firemark keeps. Remove photos you do not need from this property's deficiencies, or ask your administrator to raise REPORT_MAX_BYTES.`,
        );
      case 'busy':
      case 'closed':
        throw new AppError(ERROR_CODES.unavailable, 'Firemark is drawing many reports right now. Try again in a minute.');
      case 'timeout':
        throw new AppError(ERROR_CODES.reportFailed, `This report took longer than ${Math.round(config.reports.timeoutMs / 1000)} seconds to draw and was stopped. Try again; if it fails again, contact support.`);
      default:
        throw new AppError(ERROR_CODES.reportFailed, 'This report could not be drawn. Try again; if it fails again, contact support.');
    }
  }
}
