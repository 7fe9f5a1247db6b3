import { ERROR_CODES } from '@shared/api-error';
import { AppError } from '../errors';
import { RenderFailure, type RenderPool } from './render-pool';

/**
 * Draws a PDF in the report threads; a drawing that fails is answered with what happened and
 * what to do, never as a stopped server. `what` names it ("The labels", "The summary");
 * `tooLarge` says what to do when it would be larger than Firemark sends.
 */
export async function drawOrExplain(renderer: RenderPool, job: unknown, words: { what: string; tooLarge?: string }): Promise<Buffer> {
  try {
    return await renderer.render(job);
  } catch (error) {
    if (!(error instanceof RenderFailure)) throw error;
    if (error.reason === 'busy' || error.reason === 'closed') {
      throw new AppError(ERROR_CODES.unavailable, 'Firemark is drawing many PDFs right now. Try again in a minute.');
    }
    if (error.reason === 'too_large' && words.tooLarge) throw new AppError(ERROR_CODES.reportTooLarge, words.tooLarge);
    throw new AppError(ERROR_CODES.reportFailed, `${words.what} could not be drawn. Try again; if it fails again, contact support.`);
  }
}
