import { z } from 'zod';

/** The one error body every endpoint answers with. */
export const apiErrorResponse = z.object({
  message: z.string().describe('What went wrong and what to do, fit to show a person'),
  code: z.string().optional().describe('VALIDATION_FAILED, UNAUTHENTICATED, FORBIDDEN, PLAN_LIMIT_REACHED, NOT_FOUND, CONFLICT, RATE_LIMITED, …'),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional().describe('With VALIDATION_FAILED: the messages of each field, by its name'),
});
export type ApiErrorBody = z.infer<typeof apiErrorResponse>;

export const ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  planLimit: 'PLAN_LIMIT_REACHED',
  premiumRequired: 'PREMIUM_FEATURE_REQUIRED',
  cardDeclined: 'CARD_DECLINED',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
