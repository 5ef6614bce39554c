import pg from 'pg';

type Log = (msg: string, err?: unknown) => void;

/** What a request gets while the circuit is open; errors.ts reads it as "unavailable" (a 503). */
export class DatabaseUnreachableError extends Error {
  constructor() {
    super('Database unreachable: failing fast until it answers again');
  }
}

/**
 * A failure that means the database did not answer at all (a network partition, a hung server), as
 * opposed to one that answered with an error or refused the connection at once.
 */
const SILENT_FAILURE = /Query read timeout|Connection terminated due to connection timeout/;
const isSilentFailure = (err: unknown) =>
  typeof (err as { message?: unknown } | null)?.message === 'string' &&
  SILENT_FAILURE.test((err as { message: string }).message);

/**
 * A circuit breaker in front of the pool. Each bound of the pool is a few seconds, but they add up: a
 * request queued for a connection (up to connectionTimeoutMillis), then given a new one that cannot
 * connect (connectionTimeoutMillis again) or a connection that frees up and then a query that is never
 * answered (query_timeout) waits for their sum. Once one query or connection has gone unanswered, the
 * circuit opens: every waiting, every running and every new request fails at once with a 503, and a
 * probe on its own connection closes the circuit as soon as the database answers again.
 */
export class DatabaseCircuit {
  private open = false;
  private readonly waiting = new Set<() => void>();
  private readonly connections = new Set<{ destroy(): void }>();
  private probeTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly log: Log,
    private readonly probeEveryMs = 250,
    private readonly probeTimeoutMs = 1_000,
  ) {}

  /** Watches one failure: a silent one opens the circuit. */
  observe(err: unknown) {
    if (!isSilentFailure(err) || this.open || this.closed) return;
    this.open = true;
    this.log('database unreachable: failing requests at once until it answers again', err);
    for (const fail of [...this.waiting]) fail();
    // A query already sent on another connection would wait out its own query_timeout: end them all now.
    for (const connection of [...this.connections]) connection.destroy();
    this.scheduleProbe();
  }

  /** A connection of the pool, ended at once when the circuit opens; `forget` when it closes. */
  track(connection: { destroy(): void }) {
    this.connections.add(connection);
    return { forget: () => this.connections.delete(connection) };
  }

  /** `connect()`, unless the circuit is open or opens while it waits. */
  admit<C extends { release(err?: Error | boolean): void }>(connect: () => Promise<C>): Promise<C> {
    if (this.open) return Promise.reject(new DatabaseUnreachableError());
    return new Promise<C>((resolve, reject) => {
      let settled = false;
      const fail = () => {
        settled = true;
        this.waiting.delete(fail);
        reject(new DatabaseUnreachableError());
      };
      this.waiting.add(fail);
      connect().then(
        (client) => {
          this.waiting.delete(fail);
          if (settled) client.release();
          else resolve(client);
        },
        (err: unknown) => {
          this.waiting.delete(fail);
          this.observe(err);
          if (!settled) reject(err as Error);
        },
      );
    });
  }

  private scheduleProbe() {
    this.probeTimer = setTimeout(() => void this.probe(), this.probeEveryMs);
    this.probeTimer.unref();
  }

  /** One `select 1` on a fresh connection with short bounds; success closes the circuit. */
  private async probe() {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: this.probeTimeoutMs,
      query_timeout: this.probeTimeoutMs,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      this.open = false;
      this.log('database answers again');
    } catch {
      // Still unreachable.
    } finally {
      client.end().catch(() => {});
    }
    if (this.open && !this.closed) this.scheduleProbe();
  }

  stop() {
    this.closed = true;
    clearTimeout(this.probeTimer);
  }
}
