import type { CatalogImportReport, ErrorCode } from '@bulkwise/contracts';

/**
 * A failure a client can act on. Services throw these; the error-handler plugin turns them into
 * the JSON error body with the HTTP status of ERROR_STATUS.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /**
     * Extra members of the error body a client acts on (PRICE_CHANGED carries the current unitPrice, a
     * refused catalog import its report).
     */
    readonly details?: { unitPrice?: number; report?: CatalogImportReport; available?: number },
    /** A 503's Retry-After header, in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  BELOW_MINIMUM_ORDER: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INSUFFICIENT_STOCK: 409,
  PRICE_CHANGED: 409,
  IDEMPOTENCY_MISMATCH: 409,
  CREDIT_LIMIT: 409,
  ACCOUNT_ON_HOLD: 409,
  PAYLOAD_TOO_LARGE: 413,
  // A well-formed catalog file whose rows the rules refuse: the body carries the row-by-row report.
  IMPORT_REJECTED: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const unauthorized = (message = 'Authentication required') => new AppError('UNAUTHORIZED', message);
/** 503 with Retry-After: a bounded resource is full now and will not be for long. */
export const busy = (message: string, retryAfterSeconds = 1) =>
  new AppError('SERVICE_UNAVAILABLE', message, undefined, undefined, retryAfterSeconds);
