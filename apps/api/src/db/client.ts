import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { newMemberName } from '../lib/instances/members';
import { DatabaseCircuit } from './circuit';
import { listenPostgres, type ListenHandlers, type Listener } from './listen';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /** LISTEN to NOTIFY on `channel` (the invalidation bus); see listen.ts. */
  listen(channel: string, handlers: ListenHandlers): Listener;
  /**
   * The `application_name` of every session of this handle (pool and listeners), by which other API
   * processes know this one is alive (lib/instances/members.ts).
   */
  memberName: string;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

type Log = (msg: string, err?: unknown) => void;

export interface PostgresOptions {
  url: string;
  poolSize?: number;
  log?: Log;
  migrate?: boolean;
  /** Tighter bounds than POSTGRES_TIMEOUTS, for tests that cut the network. */
  timeouts?: Partial<typeof POSTGRES_TIMEOUTS>;
}

/**
 * node-postgres keeps a connection whose query hit `query_timeout` with that query still pending, so
 * every later query on it (the transaction's ROLLBACK, the next request's queries) waits out its own
 * timeout behind the first. When the network to the database is gone, destroying the socket instead
 * fails them at once, and the pool discards the client rather than lending it out again. The timeout
 * also opens the pool's circuit (circuit.ts).
 */
function resilientClient(circuit: DatabaseCircuit) {
  return class ResilientClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      const tracked = circuit.track({ destroy: () => this.dropConnection() });
      this.once('end', tracked.forget);
    }

    private dropConnection() {
      (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    }

    override query(...args: unknown[]): never {
      const dropIfTimedOut = (err: unknown) => {
        if ((err as { message?: unknown } | null)?.message === 'Query read timeout') {
          this.dropConnection();
          circuit.observe(err);
        }
      };
      const run = super.query as (...a: unknown[]) => unknown;
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (err: unknown, res: unknown) => {
          if (err) dropIfTimedOut(err);
          (callback as (e: unknown, r: unknown) => void)(err, res);
        };
        return run.apply(this, args) as never;
      }
      const result = run.apply(this, args);
      if (result instanceof Promise) {
        return result.catch((err: unknown) => {
          dropIfTimedOut(err);
          throw err;
        }) as never;
      }
      return result as never;
    }
  };
}

/**
 * Every way into the pool (pool.query checks a client out through `connect` too) passes the circuit:
 * while the database is unreachable, a request fails at once instead of queueing behind hung ones.
 */
function guardConnect(pool: pg.Pool, circuit: DatabaseCircuit) {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const guarded = (
    callback?: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void,
  ) => {
    const admitted = circuit.admit(connect);
    if (!callback) return admitted;
    admitted.then(
      (client) => callback(undefined, client, () => client.release()),
      (err: Error) => callback(err, undefined, () => {}),
    );
    return undefined;
  };
  pool.connect = guarded as typeof pool.connect;
}

/**
 * Bounds of a healthy database. Past them a request fails with a 503 (see the error handler) within
 * about five seconds instead of hanging with the database, and the pool recovers by itself.
 */
const POSTGRES_TIMEOUTS = {
  /** Opening a connection, and waiting for a free one when the pool is exhausted. */
  connectionTimeoutMillis: 3_000,
  /** Server side: a statement running this long is cancelled (57014), e.g. a pile-up on one row lock. */
  statement_timeout: 4_000,
  /** Client side, for when the server cannot even say so: the network to it is gone. */
  query_timeout: 5_000,
  /** A transaction whose client vanished must not keep its row locks until TCP notices. */
  idle_in_transaction_session_timeout: 15_000,
  idleTimeoutMillis: 30_000,
};

/** A node-postgres pool that survives a database restart or a network cut instead of crashing or hanging. */
export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const log: Log = options.log ?? (() => {});
  const memberName = newMemberName();
  const circuit = new DatabaseCircuit(options.url, log);
  const pool = new pg.Pool({
    connectionString: options.url,
    application_name: memberName,
    max: options.poolSize ?? 20,
    ...POSTGRES_TIMEOUTS,
    ...options.timeouts,
    keepAlive: true,
    Client: resilientClient(circuit),
  });
  guardConnect(pool, circuit);
  // Without these, a PostgreSQL restart emits an unhandled 'error' and kills the process.
  pool.on('error', (err) => log('postgres idle client error', err));
  pool.on('connect', (client) => client.on('error', (err) => log('postgres client error', err)));

  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  if (options.migrate !== false) await migratePostgres(options.url, log);
  return {
    db,
    memberName,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, handlers) =>
      listenPostgres(options.url, channel, { log, ...handlers }, { applicationName: memberName }),
    close: async () => {
      circuit.stop();
      await pool.end();
    },
  };
}

/** Runs the committed migrations under an advisory lock, so several processes may start at once. */
export async function migratePostgres(url: string, log: Log = () => {}): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(7263001)');
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    // Ending the session below releases the lock anyway; a failure here means the connection broke.
    await client
      .query('select pg_advisory_unlock(7263001)')
      .catch((err: unknown) => log('could not release the migration lock', err));
    await client.end();
  }
}

/** The API's database: always a PostgreSQL server (`npm start` runs an embedded one and passes its URL). */
export function openDatabase(config: {
  databaseUrl: string;
  dbPoolSize: number;
  log?: Log;
}): Promise<Database> {
  return openPostgres({ url: config.databaseUrl, poolSize: config.dbPoolSize, log: config.log });
}
