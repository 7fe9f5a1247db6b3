import { z } from 'zod';

/** The one error body every endpoint answers with; its codes are ERROR_CODES (../api-error.ts). */
export const apiErrorResponse = z.object({
  message: z.string().describe('What went wrong and what to do, fit to show a person'),
  code: z.string().optional().describe('VALIDATION_FAILED, UNAUTHENTICATED, FORBIDDEN, PLAN_LIMIT_REACHED, NOT_FOUND, CONFLICT, RATE_LIMITED, changed_elsewhere, out_of_order, …'),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional().describe('With VALIDATION_FAILED: the messages of each field, by its name'),
  current: z.unknown().optional().describe('With changed_elsewhere (412): the record as it now stands, as its GET answers it'),
});
