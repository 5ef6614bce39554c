import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { adminQuery } from '../../../scripts/lib/databases.mjs';
import { startEmbeddedPostgres } from '../../../scripts/lib/embedded-postgres.mjs';
import { freePorts } from '../../../scripts/lib/ports.mjs';
import { migratePostgres } from '../src/db/client';
// @ts-expect-error plain ESM helper shared with the start scripts
import { startAuthEmulator, stop } from '../../../scripts/stack.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server (its `postgres` database) on which test files may create databases. */
    testServerUrl: string;
    /** A migrated database on that server that each test file clones (CREATE DATABASE … TEMPLATE). */
    templateDatabase: string;
    authEmulatorHost: string;
  }
}

/**
 * Once per run: a PostgreSQL server (TEST_DATABASE_URL's, or an embedded one from the npm-shipped
 * binaries in a temporary directory, without fsync), a migrated template database on it that each test
 * file clones in a few tens of milliseconds, and a Firebase Auth emulator for real ID tokens.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bulkwise-api-test-'));
  const embedded = process.env.TEST_DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: path.join(dir, 'db'), durable: false });
  const serverUrl = embedded?.serverUrl ?? (process.env.TEST_DATABASE_URL as string);
  const template = `bulkwise_template_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(serverUrl, `create database ${template}`);
  const templateUrl = new URL(serverUrl);
  templateUrl.pathname = `/${template}`;
  await migratePostgres(templateUrl.toString());
  project.provide('testServerUrl', serverUrl);
  project.provide('templateDatabase', template);

  let emulator: unknown;
  let host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) {
    // Free ports unless told (it takes port, port+1 and port+2): two test runs on one machine never collide.
    const port = process.env.TEST_AUTH_EMULATOR_PORT
      ? Number(process.env.TEST_AUTH_EMULATOR_PORT)
      : (await freePorts(3))[0]!;
    emulator = await startAuthEmulator({ port, dataDir: path.join(dir, 'emulator') });
    host = `127.0.0.1:${port}`;
  }
  project.provide('authEmulatorHost', host);

  return async () => {
    if (emulator) await stop(emulator, 'SIGTERM');
    await adminQuery(serverUrl, `drop database if exists ${template} with (force)`).catch(() => {});
    // A throwaway server: the fast shutdown, without waiting for sessions a test file left open.
    if (embedded) {
      const gone = new Promise((resolve) => embedded.child.once('exit', resolve));
      embedded.child.kill('SIGINT');
      await gone;
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
