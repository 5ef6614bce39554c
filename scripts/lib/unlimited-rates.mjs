/**
 * Rate limits for fault tests and benches that start the API with NODE_ENV=production, which refuses
 * RATE_LIMIT_DISABLED: every limit set far above what one run sends from its single address.
 */
export const UNLIMITED_RATES = {
  RATE_LIMIT_JWT_PER_MINUTE: '1000000',
  RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
  RATE_LIMIT_READS_PER_MINUTE: '100000000',
  RATE_LIMIT_SEARCH_PER_MINUTE: '100000000',
  RATE_LIMIT_EXPORTS_PER_MINUTE: '100000000',
  RATE_LIMIT_UPLOADS_PER_MINUTE: '100000000',
};
