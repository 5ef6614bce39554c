import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createThrowawayDatabase } from '../../../scripts/lib/databases.mjs';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config/env';
import { openPostgres, type Database } from '../src/db/client';
import type { IdTokenVerifier } from '../src/modules/auth/firebase-verifier';
import type { OrderEventSink } from '../src/modules/orders/order-events';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import { createTokenService, type AuthUser } from '../src/modules/auth/tokens';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** Which server this run tests, for test names and log lines: the embedded one, or TEST_DATABASE_URL's. */
export const DB_KIND = process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL' : 'embedded PostgreSQL';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    // Synchronous work of a busy test would count as event-loop lag: load shedding is tested on its own.
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_DISABLED: 'true',
      LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
      DATABASE_URL: inject('testServerUrl'),
    }),
    jwtSecret: TEST_JWT_SECRET,
    authEmulatorHost: inject('authEmulatorHost'),
    // Uploads land in the system's temp directory, never in a developer's .data; no sweeps during a test.
    images: { dir: path.join(tmpdir(), 'bulkwise-test-images'), sweepMs: 0 },
    ...overrides,
  };
}

/** A fresh, migrated database of its own: a clone of the run's migrated template on the test server. */
export async function createTestDatabase(): Promise<Database & { url: string }> {
  const throwaway = await createThrowawayDatabase(
    inject('testServerUrl'),
    'test',
    inject('templateDatabase'),
  );
  const database = await openPostgres({ url: throwaway.url, poolSize: 30, migrate: false });
  return {
    ...database,
    url: throwaway.url,
    close: async () => {
      await database.close();
      await throwaway.drop();
    },
  };
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database & { url: string };
  config: Config;
  /**
   * An API token for `user`, signed like POST /jwt would, which also records the user's email state as
   * the exchange does (`emailVerified`, default true; decision 0019).
   */
  tokenFor(user: AuthUser & { emailVerified?: boolean }): Promise<string>;
  /** Another API instance on the same database, as another process would be: its own connection pool. Closed with `close()`. */
  peer(): Promise<Awaited<ReturnType<typeof buildApp>>>;
  close(): Promise<void>;
}

/** The real application on a fresh database with the real migrations. One per test file. */
export async function buildTestApp(
  options: {
    config?: Partial<Config>;
    verifier?: IdTokenVerifier;
    orderEvents?: OrderEventSink;
    /** The server's clock (quotes, messages, invoices): a test clock sets the time instead of sleeping. */
    clock?: () => Date;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.config);
  if (config.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.authEmulatorHost;
  const database = await createTestDatabase();
  const app = await buildApp({
    config,
    database,
    jwtSecret: TEST_JWT_SECRET,
    verifier: options.verifier,
    orderEvents: options.orderEvents,
    clock: options.clock,
    // Tests run the quote sweep themselves, at the time they choose.
    quoteSweepMs: 0,
  });
  await app.ready();
  const tokens = createTokenService({ secret: TEST_JWT_SECRET, ttlSeconds: config.tokenTtlSeconds });
  const peers: Array<() => Promise<void>> = [];
  // The account state each uid was last recorded with. Fifty simultaneous purchases ask for fifty tokens:
  // recording the same state again each time (a transaction with a row lock) only exhausted the pool.
  const recorded = new Map<string, { state: string; done: Promise<unknown> }>();
  return {
    app,
    database,
    config,
    async tokenFor({ emailVerified = true, ...user }) {
      const state = `${user.email}|${emailVerified}`;
      let entry = recorded.get(user.uid);
      if (entry?.state !== state) {
        entry = {
          state,
          done: createAccountsRepository(database.db).record({
            ...user,
            emailVerified,
            issuedAt: Math.floor(Date.now() / 1000),
          }),
        };
        recorded.set(user.uid, entry);
      }
      await entry.done;
      return tokens.issue(user);
    },
    async peer() {
      const own = await openPostgres({ url: database.url, poolSize: 10, migrate: false });
      const peer = await buildApp({
        config,
        database: own,
        jwtSecret: TEST_JWT_SECRET,
        verifier: options.verifier,
        clock: options.clock,
        quoteSweepMs: 0,
      });
      await peer.ready();
      peers.push(async () => {
        await peer.close();
        await own.close();
      });
      return peer;
    },
    close: async () => {
      for (const closePeer of peers) await closePeer();
      await app.close();
      await database.close();
    },
  };
}
