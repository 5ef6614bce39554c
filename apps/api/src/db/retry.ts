/** PostgreSQL error codes the services act on. */
export const UNIQUE_VIOLATION = '23505';
/** Deadlock or serialisation failure: the transaction did nothing and may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);

/** The SQLSTATE of a driver error, looking through Drizzle's wrapping causes. */
export function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Runs a transaction again when PostgreSQL aborted it as a deadlock or serialisation victim. */
export async function withRetry<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !RETRYABLE.has(pgCode(err) ?? '')) throw err;
    }
  }
}
