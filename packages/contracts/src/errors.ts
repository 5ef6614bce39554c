import { z } from 'zod';
import { CatalogImportReportSchema } from './catalog-csv';

/** Machine-readable error codes the API answers with. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_STOCK',
  'BELOW_MINIMUM_ORDER',
  'PRICE_CHANGED',
  'IDEMPOTENCY_MISMATCH',
  'CREDIT_LIMIT',
  'ACCOUNT_ON_HOLD',
  'PAYLOAD_TOO_LARGE',
  'IMPORT_REJECTED',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The one error body of the API. The spec's client reads either `message` or `error`,
 * so both carry the same human text.
 */
export const ErrorBodySchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  error: z.string(),
  /** Field-level problems for VALIDATION_FAILED: path -> message. */
  fields: z.record(z.string(), z.string()).optional(),
  /** PRICE_CHANGED: the unit price the server charges now for the requested quantity. */
  unitPrice: z.number().optional(),
  /** IMPORT_REJECTED and a refused catalog import's CONFLICT: the row-by-row report of the file. */
  report: CatalogImportReportSchema.optional(),
  /** CREDIT_LIMIT: the credit still available on the account, in dollars. */
  available: z.number().optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
