// Throwaway databases for benches, fault scenarios and tests: a `bulkwise_*` database on a PostgreSQL
// server, or a temporary directory. Each comes with the one call that removes it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Runs one statement on the server of `serverUrl` on a connection of its own. */
export async function adminQuery(serverUrl, text) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Creates `bulkwise_<label>_<random>` on the server of `serverUrl`, empty or a copy of `template`.
 * Answers its name, its URL and `drop()` (forcing out connections still open).
 */
export async function createThrowawayDatabase(serverUrl, label, template) {
  const name = `bulkwise_${label}_${randomBytes(5).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** A fresh temporary directory `bulkwise-<label>-*` (a data directory, logs) and `remove()`. */
export function throwawayDir(label) {
  const dir = mkdtempSync(path.join(tmpdir(), `bulkwise-${label}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
