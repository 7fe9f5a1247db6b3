import { ERROR_CODES, type ErrorCode } from '@shared/api-error';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PLAN_LIMIT_REACHED: 403,
  PREMIUM_FEATURE_REQUIRED: 403,
  CARD_DECLINED: 402,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  REPORT_TOO_LARGE: 422,
  REPORT_FAILED: 500,
  changed_elsewhere: 412,
  out_of_order: 409,
  wrong_organization: 409,
};

/** An error whose message is safe to show the user; its code decides the HTTP status. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** More of the answer's body beside the message (a 412's `current`). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.statusCode = STATUS_BY_CODE[code];
  }
}

export const notFound = (what = 'Not found') => new AppError(ERROR_CODES.notFound, what);
export const unauthenticated = (message = 'You are not signed in.') => new AppError(ERROR_CODES.unauthenticated, message);
export const validationFailed = (fieldErrors: Record<string, string[]>, message = 'Please correct the highlighted fields.') =>
  new AppError(ERROR_CODES.validation, message, fieldErrors);
export const conflict = (message: string, fieldErrors?: Record<string, string[]>) =>
  new AppError(ERROR_CODES.conflict, message, fieldErrors);

/** docs/offline.md, "On the server": an edit kept on a device while someone else changed the record. */
export const CHANGED_ELSEWHERE_MESSAGE = 'Someone else changed this after your copy was kept. Choose which version to keep.';
export const changedElsewhere = (current: unknown) => new AppError(ERROR_CODES.changed_elsewhere, CHANGED_ELSEWHERE_MESSAGE, undefined, { current });

/** docs/offline.md, "On the server": a change sent before the change it needs. */
export const OUT_OF_ORDER_MESSAGE =
  'This change needs an earlier change that has not reached the server yet. It is kept on your device and will be sent after it.';
