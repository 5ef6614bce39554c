// @ts-check
// Who holds a data directory. The launcher (`npm start`, `npm run dev`) holds `<dir>.pid` for its whole
// life, so a second launcher on the same data is refused in one line while the first lives. The file
// names the pid and the pid's start time, so a reused pid does not pass for the dead owner: a lock whose
// process is gone is stale and is taken over at once, whatever killed its owner.
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { procStat } from './processes.mjs';

/** @typedef {{ pid: number, startTime: number | undefined, host: string, since: string }} LockOwner */

export class DataDirInUseError extends Error {
  /** @param {string} dir @param {LockOwner} owner @param {string} [what] */
  constructor(dir, owner, what = '') {
    super(
      `The data directory ${dir} is in use by another Bulkwise process (pid ${owner.pid} on ${owner.host}${what}, since ${owner.since}): ` +
        'stop it, or set DATA_DIR or DATABASE_URL.',
    );
    this.name = 'DataDirInUseError';
    this.dir = dir;
    this.owner = owner;
  }
}

/** @returns {LockOwner} */
function me() {
  return {
    pid: process.pid,
    startTime: procStat(process.pid)?.startTime,
    host: hostname(),
    since: new Date().toISOString(),
  };
}

/**
 * False only when we can tell the owner is gone; a lock from another host is assumed alive.
 * @param {LockOwner} owner
 */
export function ownerAlive(owner) {
  if (owner.host !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if (/** @type {NodeJS.ErrnoException} */ (err).code === 'ESRCH') return false;
  }
  // Without /proc (not Linux) a live pid is all we can know.
  const stat = procStat(owner.pid);
  if (!stat) return true;
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return owner.startTime === undefined || stat.startTime === owner.startTime;
}

/** @param {string} file @returns {LockOwner | null | 'garbage'} */
export function readOwner(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if (/** @type {NodeJS.ErrnoException} */ (err).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const owner = JSON.parse(text);
    return Number.isInteger(owner?.pid) && typeof owner.host === 'string' ? owner : 'garbage';
  } catch {
    return 'garbage';
  }
}

/** @param {LockOwner | null | 'garbage'} a @param {LockOwner | 'garbage'} b */
const sameOwner = (a, b) =>
  a === b ||
  (typeof a === 'object' &&
    a !== null &&
    typeof b === 'object' &&
    a.pid === b.pid &&
    a.startTime === b.startTime &&
    a.host === b.host);

/**
 * Takes `<dir>.pid`. The file is created complete and atomically (link of a written temporary file),
 * so exactly one of several starters gets it; a stale one is first renamed aside, which only one
 * starter can do, and put back if it turns out to belong to a live racer.
 * @param {string} dir
 * @param {{ describe?: (owner: LockOwner) => string }} [options] more words about a live owner, for the refusal
 * @returns {{ file: string, release(): void }}
 */
export function lockDataDir(dir, { describe = () => '' } = {}) {
  const file = `${dir}.pid`;
  const mine = me();
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, JSON.stringify(mine));
  try {
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        linkSync(tmp, file);
        return { file, release: () => release(file, mine) };
      } catch (err) {
        if (/** @type {NodeJS.ErrnoException} */ (err).code !== 'EEXIST') throw err;
      }
      const owner = readOwner(file);
      if (owner === null) continue;
      if (owner !== 'garbage' && ownerAlive(owner)) throw new DataDirInUseError(dir, owner, describe(owner));
      const aside = `${file}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
      try {
        renameSync(file, aside);
      } catch (err) {
        if (/** @type {NodeJS.ErrnoException} */ (err).code === 'ENOENT') continue;
        throw err;
      }
      if (!sameOwner(readOwner(aside), owner)) {
        // A racer locked it between our read and our rename: give it back.
        try {
          linkSync(aside, file);
        } catch {
          // A third starter took the free name in that instant: it and the racer both run. This needs
          // three starts within microseconds on a stale lock; we accept it rather than a lock server.
        }
      }
      unlinkSync(aside);
    }
    throw new Error(`could not lock ${file}: it kept changing hands`);
  } finally {
    unlinkSync(tmp);
  }
}

/** @param {string} file @param {LockOwner} mine */
function release(file, mine) {
  if (sameOwner(readOwner(file), mine)) {
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
  }
}
