// The embedded PostgreSQL server as the launcher runs it: created once, reachable only with its password
// on 127.0.0.1, a server left by a killed run never blocks the next start, and a server that dies is said.
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { moveAsideOldPglite, startEmbeddedPostgres } from './embedded-postgres.mjs';
import { restoreLibraryLinks } from './postgres-binaries.mjs';
import { exited, isAlive, stopChild } from './processes.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'bulkwise-embedded-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function query(url, text) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

const postmasterPid = (dataDir) =>
  Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

describe('the embedded PostgreSQL server', () => {
  it('is created on the first start, keeps its data across restarts, and listens on 127.0.0.1 with a password only', async () => {
    const dataDir = path.join(root, 'lifecycle');
    const first = await startEmbeddedPostgres({ dataDir, durable: false });
    expect(first.created).toBe(true);
    const [settings] = await query(
      first.url,
      "select current_setting('listen_addresses') l, current_setting('unix_socket_directories') s, version() v",
    );
    expect(settings).toMatchObject({ l: '127.0.0.1', s: '' });
    expect(settings.v).toMatch(/^PostgreSQL 18/);
    await query(first.url, 'create table kept (v int); insert into kept values (42)');
    const noPassword = new URL(first.url);
    noPassword.password = '';
    await expect(query(noPassword.toString(), 'select 1')).rejects.toThrow();
    await stopChild(first.child);

    const second = await startEmbeddedPostgres({ dataDir, durable: false });
    expect(second.created).toBe(false);
    expect(await query(second.url, 'select v from kept')).toEqual([{ v: 42 }]);
    await stopChild(second.child);
    expect(await exited(second.child)).toBe(0);
  });

  it('stops a server that a killed run left behind, and starts with everything it had committed', async () => {
    const dataDir = path.join(root, 'stale');
    // A launcher that starts the server, commits a row, then is killed with its supervisor: only the
    // postgres processes (which watch no parent) are left.
    const moduleUrl = new URL('./embedded-postgres.mjs', import.meta.url).href;
    const script = `
      import pg from 'pg';
      const { startEmbeddedPostgres } = await import(${JSON.stringify(moduleUrl)});
      const s = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)} });
      const c = new pg.Client({ connectionString: s.url }); await c.connect();
      await c.query('create table acknowledged (v int); insert into acknowledged values (7)'); await c.end();
      console.log(JSON.stringify({ supervisor: s.child.pid }));
      setInterval(() => {}, 1000);`;
    const launcher = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const line = await new Promise((resolve) =>
      launcher.stdout.once('data', (chunk) => resolve(chunk.toString())),
    );
    const { supervisor } = JSON.parse(line);
    const stale = postmasterPid(dataDir);
    process.kill(supervisor, 'SIGKILL');
    launcher.kill('SIGKILL');
    await exited(launcher);
    expect(isAlive(stale)).toBe(true);

    const steps = [];
    const next = await startEmbeddedPostgres({ dataDir, onStep: (s) => steps.push(s) });
    expect(next.staleStopped).toBe(stale);
    expect(isAlive(stale)).toBe(false);
    expect(steps.join('\n')).toMatch(/Stopping a PostgreSQL server a killed run left/);
    expect(await query(next.url, 'select v from acknowledged')).toEqual([{ v: 7 }]);
    await stopChild(next.child);
  });

  it('says so and exits non-zero when PostgreSQL itself dies', async () => {
    const dataDir = path.join(root, 'dies');
    const server = await startEmbeddedPostgres({ dataDir, durable: false });
    let stderr = '';
    server.child.stderr?.on('data', (c) => (stderr += c));
    process.kill(postmasterPid(dataDir), 'SIGKILL');
    expect(await exited(server.child)).not.toBe(0);
    expect(stderr).toMatch(/PostgreSQL exited unexpectedly \(SIGKILL\)/);
  });

  it('moves the database files of an earlier PGlite version aside, never deleting them', () => {
    const dataDir = path.join(root, 'old-pglite');
    mkdirSync(path.join(dataDir, 'pglite', 'base'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pglite', 'base', 'kept'), 'old data');
    writeFileSync(path.join(dataDir, 'pglite.pid'), '{}');
    const aside = moveAsideOldPglite(dataDir);
    expect(aside).toMatch(/pglite-unused-\d{4}-\d{2}-\d{2}/);
    expect(readFileSync(path.join(String(aside), 'base', 'kept'), 'utf8')).toBe('old data');
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'pglite.pid'))).toBe(false);
    // Nothing to move the next time, and a second old directory never replaces the first.
    expect(moveAsideOldPglite(dataDir)).toBeUndefined();
    mkdirSync(path.join(dataDir, 'pglite'));
    const second = moveAsideOldPglite(dataDir);
    expect(second).not.toBe(aside);
    expect(readdirSync(dataDir).filter((f) => f.startsWith('pglite-unused-'))).toHaveLength(2);
  });

  it('makes the library links an install without scripts left out, and keeps the ones there', () => {
    const pkg = path.join(root, 'package-without-links');
    mkdirSync(path.join(pkg, 'native', 'lib'), { recursive: true });
    writeFileSync(path.join(pkg, 'native', 'lib', 'libpq.so.5.18'), 'library');
    writeFileSync(
      path.join(pkg, 'native', 'pg-symlinks.json'),
      JSON.stringify([
        { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so.5' },
        { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so' },
      ]),
    );
    writeFileSync(path.join(pkg, 'native', 'lib', 'libpq.so'), 'a real file stays');
    restoreLibraryLinks(pkg);
    expect(readlinkSync(path.join(pkg, 'native', 'lib', 'libpq.so.5'))).toBe('libpq.so.5.18');
    expect(readFileSync(path.join(pkg, 'native', 'lib', 'libpq.so.5'), 'utf8')).toBe('library');
    expect(readFileSync(path.join(pkg, 'native', 'lib', 'libpq.so'), 'utf8')).toBe('a real file stays');
  });
});
