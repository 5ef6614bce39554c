// The PostgreSQL server a bench runs on: DATABASE_URL's, or (by default, as `npm start` runs it) an
// embedded server from the npm-shipped binaries started in the bench's own temporary directory.
import path from 'node:path';
import { adminQuery } from '../lib/databases.mjs';
import { startEmbeddedPostgres } from '../lib/embedded-postgres.mjs';
import { stopChild } from '../lib/processes.mjs';

/**
 * `kind` is 'embedded' or 'server'; `name` is how reports title it; `serverUrl` takes CREATE DATABASE;
 * `version` is the server's; `stop()` ends an embedded server (a no-op for DATABASE_URL's).
 * @param {string} work the bench's temporary directory
 */
export async function benchServer(work) {
  const external = process.env.DATABASE_URL || undefined;
  const embedded = external ? undefined : await startEmbeddedPostgres({ dataDir: path.join(work, 'db') });
  const serverUrl = external ?? /** @type {NonNullable<typeof embedded>} */ (embedded).serverUrl;
  const version = (await adminQuery(serverUrl, 'show server_version')).rows[0].server_version;
  return {
    kind: embedded ? 'embedded' : 'server',
    name: embedded ? 'the embedded PostgreSQL' : 'PostgreSQL (DATABASE_URL)',
    serverUrl,
    version: `PostgreSQL ${version}${embedded ? ' (embedded, npm-shipped binaries)' : ''}`,
    stop: async () => {
      if (embedded) await stopChild(embedded.child, { signal: 'SIGINT', graceMs: 15_000 });
    },
  };
}
