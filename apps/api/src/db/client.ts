import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { newMemberName } from '../lib/instances/members';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { listenPostgres, type ListenHandlers, type Listener } from './listen';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /** LISTEN to NOTIFY on `channel` (the invalidation bus); see listen.ts. */
  listen(channel: string, handlers: ListenHandlers): Listener;
  /**
   * PostgreSQL only: the `application_name` of every session of this handle (pool and listeners), by
   * which other API processes know this one is alive (lib/instances/members.ts).
   */
  memberName?: string;
  close(): Promise<void>;
  /** PGlite only: the data directory as a gzipped tarball, loadable with `loadDataDir`. */
  snapshot?(): Promise<Blob>;
  /**
   * PGlite only: one statement without parameters over the simple query protocol, answering its rows as
   * PGlite parses them (timestamptz as a Date, numeric as a string, jsonb parsed). One message into
   * PGlite instead of the extended protocol's five, and no per-query copy of the type parsers (drizzle
   * passes its own): 45 µs against 150 µs for a one-row statement, measured. For the hottest statement.
   */
  simpleQuery?(text: string): Promise<Array<Record<string, unknown>>>;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

type Log = (msg: string, err?: unknown) => void;

export interface PgliteOptions {
  /** Directory of the database files; omit for an in-memory database. */
  dataDir?: string;
  /** A `dumpDataDir()` snapshot to start from (tests load a migrated one). */
  loadDataDir?: Blob | File;
  migrate?: boolean;
}

/**
 * Embedded PostgreSQL. PGlite takes no lock on its directory and two processes on one directory
 * silently lose acknowledged writes, so we hold `<dataDir>.pid` for the life of the process (a dead
 * holder's lock is taken over at once: see data-dir-lock.ts).
 */
export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  let lock: DataDirLock | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    lock = lockDataDir(options.dataDir);
  }
  const client = await PGlite.create({
    // Catalog search (migration 0002_search) uses these; PostgreSQL servers ship them as contrib.
    extensions: { pg_trgm, unaccent, fuzzystrmatch },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (options.migrate !== false) {
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    // One process owns an embedded database, so its connection never drops.
    listen: (channel, handlers) => {
      const unsubscribe = client.listen(channel, (payload) => handlers.onMessage(payload));
      const ready = unsubscribe.then(() => handlers.onState(true));
      return {
        ready,
        close: async () => {
          await (await unsubscribe)().catch(() => {});
        },
      };
    },
    close: async () => {
      await client.close();
      lock?.release();
    },
    snapshot: async () => (await client.dumpDataDir('gzip')) as Blob,
    simpleQuery: async (text) => {
      const results = await client.exec(text);
      return (results.at(-1)?.rows ?? []) as Array<Record<string, unknown>>;
    },
  };
}

export interface PostgresOptions {
  url: string;
  poolSize?: number;
  log?: Log;
  migrate?: boolean;
}

/**
 * node-postgres keeps a connection whose query hit `query_timeout` with that query still pending, so
 * every later query on it (the transaction's ROLLBACK, the next request's queries) waits out its own
 * timeout behind the first. When the network to the database is gone, destroying the socket instead
 * fails them at once, and the pool discards the client rather than lending it out again.
 */
class ResilientClient extends pg.Client {
  override query(...args: unknown[]): never {
    const dropIfTimedOut = (err: unknown) => {
      if ((err as { message?: unknown } | null)?.message === 'Query read timeout') {
        (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
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
} as const;

/** A node-postgres pool that survives a database restart or a network cut instead of crashing or hanging. */
export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const log: Log = options.log ?? (() => {});
  const memberName = newMemberName();
  const pool = new pg.Pool({
    connectionString: options.url,
    application_name: memberName,
    max: options.poolSize ?? 20,
    ...POSTGRES_TIMEOUTS,
    keepAlive: true,
    Client: ResilientClient,
  });
  // Without these, a PostgreSQL restart emits an unhandled 'error' and kills the process.
  pool.on('error', (err) => log('postgres idle client error', err));
  pool.on('connect', (client) => client.on('error', (err) => log('postgres client error', err)));

  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  if (options.migrate !== false) await migratePostgres(options.url, log);
  return {
    db,
    kind: 'postgres',
    memberName,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, handlers) => listenPostgres(options.url, channel, { log, ...handlers }, { applicationName: memberName }),
    close: async () => {
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
    await client.query('select pg_advisory_unlock(7263001)').catch((err: unknown) => log('could not release the migration lock', err));
    await client.end();
  }
}

export async function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  dbPoolSize: number;
  log?: Log;
}): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres({ url: config.databaseUrl, poolSize: config.dbPoolSize, log: config.log });
  }
  return openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}
