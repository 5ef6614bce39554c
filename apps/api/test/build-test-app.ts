import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config/env';
import { openPglite, openPostgres, type Database } from '../src/db/client';
import type { IdTokenVerifier } from '../src/modules/auth/firebase-verifier';
import type { OrderEventSink } from '../src/modules/orders/order-events';
import { createTokenService, type AuthUser } from '../src/modules/auth/tokens';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** Which database this run tests: PGlite unless TEST_DATABASE_URL names a PostgreSQL server. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const DB_KIND = TEST_DATABASE_URL ? 'postgres' : 'pglite';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_DISABLED: 'true' }),
    jwtSecret: TEST_JWT_SECRET,
    authEmulatorHost: inject('authEmulatorHost'),
    ...overrides,
  };
}

/** A fresh, migrated database: a new PostgreSQL database on the test server, or PGlite from the snapshot. */
export async function createTestDatabase(): Promise<Database & { dropAfterClose?: () => Promise<void> }> {
  if (!TEST_DATABASE_URL) {
    const snapshot = readFileSync(inject('pgliteSnapshot'));
    return openPglite({ loadDataDir: new Blob([snapshot]), migrate: false });
  }
  const name = `bulkwise_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres({ url: url.toString(), poolSize: 30 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  config: Config;
  /** An API token for `user`, signed like POST /jwt would. */
  tokenFor(user: AuthUser): Promise<string>;
  close(): Promise<void>;
}

/** The real application on a fresh database with the real migrations. One per test file. */
export async function buildTestApp(
  options: { config?: Partial<Config>; verifier?: IdTokenVerifier; orderEvents?: OrderEventSink } = {},
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
  });
  await app.ready();
  const tokens = createTokenService({ secret: TEST_JWT_SECRET, ttlSeconds: config.tokenTtlSeconds });
  return {
    app,
    database,
    config,
    tokenFor: (user) => tokens.issue(user),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
