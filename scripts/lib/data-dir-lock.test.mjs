import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir, ownerAlive } from './data-dir-lock.mjs';

/** @type {string[]} */
const dirs = [];
const freshDir = () => {
  const root = mkdtempSync(path.join(tmpdir(), 'bulkwise-lock-'));
  dirs.push(root);
  return path.join(root, 'data');
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The pid of a process that has exited and been reaped. */
function deadPid() {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}
const owner = (/** @type {number} */ pid, extra = {}) => ({
  pid,
  startTime: undefined,
  host: hostname(),
  since: '2026-11-23T00:00:00.000Z',
  ...extra,
});

describe('the data directory lock', () => {
  it('names its holder and refuses a second holder while the first lives', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(`${dir}.pid`, 'utf8'))).toMatchObject({
      pid: process.pid,
      host: hostname(),
    });
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(`in use by another Bulkwise process (pid ${process.pid}`);
    lock.release();
    expect(existsSync(`${dir}.pid`)).toBe(false);
    lockDataDir(dir).release();
  });

  it('takes over at once a lock whose process is dead', () => {
    const dir = freshDir();
    const dead = deadPid();
    writeFileSync(`${dir}.pid`, JSON.stringify(owner(dead)));
    const started = Date.now();
    const lock = lockDataDir(dir);
    expect(Date.now() - started).toBeLessThan(500);
    expect(JSON.parse(readFileSync(`${dir}.pid`, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('treats a reused pid (a different start time) as dead, and unreadable lock content as stale', () => {
    const dir = freshDir();
    expect(ownerAlive(owner(process.pid))).toBe(true);
    if (existsSync('/proc/self/stat')) expect(ownerAlive(owner(process.pid, { startTime: 1 }))).toBe(false);
    writeFileSync(`${dir}.pid`, 'not json');
    lockDataDir(dir).release();
  });

  it('assumes a lock taken on another host is alive', () => {
    const dir = freshDir();
    writeFileSync(`${dir}.pid`, JSON.stringify(owner(deadPid(), { host: 'elsewhere.example' })));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
  });

  it('gives a stale lock to exactly one of several processes racing for it', async () => {
    const dir = freshDir();
    writeFileSync(`${dir}.pid`, JSON.stringify(owner(deadPid())));
    const lockModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data-dir-lock.mjs');
    // Each racer waits for the same instant, tries, and holds what it got until every racer has tried.
    const startAt = Date.now() + 3_000;
    const script = `
      const { lockDataDir } = await import(${JSON.stringify(lockModule)});
      while (Date.now() < ${startAt}) {}
      try { lockDataDir(${JSON.stringify(dir)}); console.log('won'); } catch (e) { console.log(e.name === 'DataDirInUseError' ? 'refused' : 'error ' + e.message); }
      setTimeout(() => {}, 2_000);`;
    const racers = Array.from(
      { length: 4 },
      () =>
        new Promise((resolve) => {
          const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          let out = '';
          child.stdout.on('data', (c) => (out += c));
          child.on('exit', () => resolve(out.trim()));
        }),
    );
    const results = await Promise.all(racers);
    expect(results.filter((r) => r === 'won')).toHaveLength(1);
    expect(results.filter((r) => r === 'refused')).toHaveLength(3);
  }, 30_000);
});
