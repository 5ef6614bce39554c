/**
 * The one reader of database errors. Drizzle wraps the driver's error (node-postgres) in
 * causes; everything here looks through them. Repositories turn these into domain outcomes; services
 * and routes never see a SQLSTATE.
 */

/** The errors in `err`'s cause chain, outermost first (bounded: a cycle cannot hang a request). */
function* causes(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    yield e as { code?: unknown; message?: unknown };
  }
}

/** The first SQLSTATE in the cause chain. */
export function sqlState(err: unknown): string | undefined {
  for (const e of causes(err)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** A unique index refused the row (23505). */
export const isUniqueViolation = (err: unknown) => sqlState(err) === '23505';

/** Deadlock or serialisation failure: the transaction did nothing and may simply run again. */
const isRetryable = (err: unknown) => ['40P01', '40001'].includes(sqlState(err) ?? '');

/** Runs a transaction again when PostgreSQL aborted it as a deadlock or serialisation victim. */
export async function withRetry<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
    }
  }
}

/**
 * SQLSTATE class 22 (data exception: NUL in text, a malformed timestamp, a number out of range) means
 * the database refused a value the request carried: the client's mistake, not an outage or a bug.
 */
export const isRejectedValue = (err: unknown) => sqlState(err)?.startsWith('22') ?? false;

/** Errors that mean "the database is not reachable right now": the client may retry later. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout, the database is overloaded
  '08000',
  '08003',
  '08006',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Query read timeout|Database unreachable/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of causes(err)) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** The DETAIL of the first database error in the cause chain (a trigger's RAISE ... DETAIL). */
export function sqlDetail(err: unknown): string | undefined {
  for (const e of causes(err) as Iterable<{ code?: unknown; detail?: unknown }>) {
    if (typeof e.code === 'string' && typeof e.detail === 'string') return e.detail;
  }
  return undefined;
}
