// @ts-check
// A PostgreSQL server a killed run left on a cluster directory: found from its postmaster.pid, stopped,
// and waited for until its processes are really gone.
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { commandLine, isAlive } from './processes.mjs';

/** The postmaster pid that `<clusterDir>/postmaster.pid` names, if any. @param {string} clusterDir */
function postmasterPid(clusterDir) {
  try {
    return Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The pid of a live PostgreSQL server on `clusterDir`, from its postmaster.pid: a server a killed run
 * left behind (its supervisor and launcher gone).
 * @param {string} clusterDir
 */
export function runningServer(clusterDir) {
  const pid = postmasterPid(clusterDir);
  return pid !== undefined && isAlive(pid) && /postgres/.test(commandLine(pid)) ? pid : undefined;
}

/** Pids of processes (not zombies) whose working directory is `clusterDir`: a server's postmaster and backends. */
function processesIn(clusterDir) {
  let target;
  try {
    target = realpathSync(clusterDir);
  } catch {
    return [];
  }
  const pids = [];
  for (const entry of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) === target && isAlive(Number(entry))) pids.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

/**
 * A server killed a moment ago (kill -9 of the whole group) is not gone at once: its postmaster may be a
 * zombie not yet reaped, which PostgreSQL's lock-file check still takes for a live postmaster, and its
 * backends exit only when they notice, holding the shared memory until then. Waits for both (Linux; up
 * to 15 s), then removes a lock file whose postmaster is dead, so a new server never refuses to start
 * because of one that is already gone.
 * @param {string} clusterDir
 * @param {(line: string) => void} onStep
 */
export async function untilPreviousServerGone(clusterDir, onStep) {
  const lockFile = path.join(clusterDir, 'postmaster.pid');
  const exists = (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return /** @type {NodeJS.ErrnoException} */ (err).code !== 'ESRCH';
    }
  };
  const deadline = Date.now() + 15_000;
  for (let waited = false; ; waited = true) {
    const pid = postmasterPid(clusterDir);
    const left = existsSync('/proc') ? processesIn(clusterDir) : [];
    if ((pid === undefined || !exists(pid)) && left.length === 0) return;
    if (!waited) onStep('Waiting for the PostgreSQL processes of a killed run to finish exiting…');
    if (Date.now() > deadline) {
      if (left.length > 0)
        throw new Error(
          `PostgreSQL processes of an earlier run still work in ${clusterDir}: ${left.join(', ')}`,
        );
      // Only a dead postmaster's lock file is left (a zombie nobody reaps): it protects nothing.
      if (pid !== undefined && !isAlive(pid)) rmSync(lockFile, { force: true });
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Stops a server: fast shutdown (SIGINT: open transactions roll back, everything committed stays), then
 * SIGKILL past `graceMs`; PostgreSQL recovers from its WAL at the next start either way.
 * @param {number} pid
 */
export async function stopServer(pid, graceMs = 15_000) {
  const deadline = Date.now() + graceMs;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (isAlive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}
