import type { z } from 'zod';
import type { apiErrorResponse } from './schemas/api-error';

/**
 * The one error body every endpoint answers with, and its codes. Types only from the schema,
 * so the client's error handling does not download zod.
 */
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
  /** A link that worked once and no longer does (an invitation used, withdrawn or expired). */
  gone: 'GONE',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
  /** A report whose PDF would be over the size limit (REPORT_MAX_BYTES). */
  reportTooLarge: 'REPORT_TOO_LARGE',
  /** A report whose drawing failed or ran out of time; trying again may work. */
  reportFailed: 'REPORT_FAILED',
  /**
   * An edit sent with `If-Match` whose record someone else changed since that copy was kept
   * (docs/offline.md): nothing applied; the answer's `current` is the record as it now stands.
   * Named as the offline contract words them, so the outbox reads them as sent.
   */
  changed_elsewhere: 'changed_elsewhere',
  /** A change sent with `Depends-On` before the change it needs reached the server: nothing applied. */
  out_of_order: 'out_of_order',
  /**
   * A change a device kept for one organisation, sent while the session is in another (the
   * person switched meanwhile): nothing applied; it is sent again once they are back in it.
   */
  wrong_organization: 'wrong_organization',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
