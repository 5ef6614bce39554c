import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * Who holds the embedded data directory. PGlite takes no lock of its own, and two processes on one
 * directory silently lose acknowledged writes, so the API holds this file for its whole life. It names
 * its pid (and the pid's start time, so a reused pid does not pass for the dead owner): a lock whose
 * process is gone is stale and is taken over at once, whatever killed its owner.
 */
export interface LockOwner {
  pid: number;
  /** Clock ticks after boot at which `pid` started (Linux); undefined where /proc is missing. */
  startTime: number | undefined;
  host: string;
  since: string;
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    readonly dir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The embedded database at ${dir} is in use by another Bulkwise process (pid ${owner.pid} on ${owner.host}, since ${owner.since}). ` +
        'Stop it first, or set DATABASE_URL to use a PostgreSQL server.',
    );
  }
}

export interface DataDirLock {
  file: string;
  release(): void;
}

/** Field 22 of /proc/<pid>/stat, and whether the process is a zombie (dead, not yet reaped). */
function procStat(pid: number): { startTime: number; zombie: boolean } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may contain spaces: count from its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { startTime: Number(fields[19]), zombie: fields[0] === 'Z' || fields[0] === 'X' };
  } catch {
    return undefined;
  }
}

function me(): LockOwner {
  return { pid: process.pid, startTime: procStat(process.pid)?.startTime, host: hostname(), since: new Date().toISOString() };
}

/** False only when we can tell the owner is gone; a lock from another host is assumed alive. */
export function ownerAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  // Without /proc (not Linux) a live pid is all we can know.
  const stat = procStat(owner.pid);
  if (!stat) return true;
  if (stat.zombie) return false;
  return owner.startTime === undefined || stat.startTime === owner.startTime;
}

function readOwner(file: string): LockOwner | null | 'garbage' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const owner = JSON.parse(text) as LockOwner;
    return Number.isInteger(owner.pid) && typeof owner.host === 'string' ? owner : 'garbage';
  } catch {
    return 'garbage';
  }
}

const sameOwner = (a: LockOwner | null | 'garbage', b: LockOwner | 'garbage') =>
  a === b || (typeof a === 'object' && a !== null && typeof b === 'object' && a.pid === b.pid && a.startTime === b.startTime && a.host === b.host);

/**
 * Takes `<dir>.pid`. The file is created complete and atomically (link of a written temporary file),
 * so exactly one of several starters gets it; a stale one is first renamed aside, which only one
 * starter can do, and put back if it turns out to belong to a live racer.
 */
export function lockDataDir(dir: string): DataDirLock {
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
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const owner = readOwner(file);
      if (owner === null) continue;
      if (owner !== 'garbage' && ownerAlive(owner)) throw new DataDirInUseError(dir, owner);
      const aside = `${file}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
      try {
        renameSync(file, aside);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
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

function release(file: string, mine: LockOwner) {
  if (sameOwner(readOwner(file), mine)) {
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
  }
}
