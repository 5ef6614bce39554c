// Process helpers for the launchers, tests and benchmarks: children that die with their parent, stops
// that drain before they force, and what /proc says about a pid (Linux; elsewhere a little less).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, realpathSync } from 'node:fs';

/**
 * This process's environment without `keys`: the inherited settings of a developer's shell that must not
 * change what a child is run for.
 * @param {string[]} keys
 */
export function envWithout(keys) {
  const env = { ...process.env };
  for (const key of keys) delete env[key];
  return env;
}

/** Preloading this into a node child (`--import`) makes it stop when its parent's IPC channel closes. */
export const EXIT_WITH_PARENT = new URL('./exit-with-parent.mjs', import.meta.url).href;

/** `{ ppid, pgid, state, startTime }` from /proc/<pid>/stat, or undefined when there is no such process. */
export function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      pgid: Number(fields[2]),
      state: fields[0],
      startTime: Number(fields[19]),
    };
  } catch {
    return undefined;
  }
}

export function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '';
  }
}

/** Alive and not a zombie (a killed child its parent has not reaped yet is dead for us). */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if (err.code === 'ESRCH') return false;
  }
  const stat = procStat(pid);
  return !stat || (stat.state !== 'Z' && stat.state !== 'X');
}

/** Every live descendant of `pid` (children first), from the ppid links in /proc. */
export function descendants(pid) {
  const children = new Map();
  let entries = [];
  try {
    entries = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
  for (const entry of entries) {
    const stat = procStat(entry);
    if (!stat) continue;
    if (!children.has(stat.ppid)) children.set(stat.ppid, []);
    children.get(stat.ppid).push(Number(entry));
  }
  const out = [];
  const visit = (p) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      visit(c);
    }
  };
  visit(pid);
  return out;
}

/**
 * Calls `onGone` once when the process that started us dies, even by SIGKILL: our parent, and when the
 * parent is only a `sh -c` wrapper (npm and Playwright start us that way) the one that started it
 * too, since the shell waits on us and outlives it. Polls /proc twice a second; the timer does not
 * keep the process alive.
 */
export function watchAncestors(onGone, { intervalMs = 500 } = {}) {
  const parent = process.ppid;
  const watched = [{ pid: parent, startTime: procStat(parent)?.startTime }];
  const grandparent = procStat(parent)?.ppid;
  if (
    /^(\S*\/)?(sh|dash|bash) -c /.test(commandLine(parent)) &&
    grandparent !== undefined &&
    grandparent > 1
  ) {
    watched.push({ pid: grandparent, startTime: procStat(grandparent)?.startTime });
  }
  const gone = ({ pid, startTime }) =>
    !isAlive(pid) || (startTime !== undefined && procStat(pid)?.startTime !== startTime);
  const timer = setInterval(() => {
    if (process.ppid !== parent || watched.some(gone)) {
      clearInterval(timer);
      onGone();
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Spawns `command` in OUR process group (a signal to the group, e.g. kill -9 -<pgid> or a terminal's
 * Ctrl-C, reaches it too). With `ipc`, the child gets a channel whose end it can watch: the kernel
 * closes it when we die, however we die.
 */
/** @typedef {{ env?: Record<string, string | undefined>, cwd?: string, ipc?: boolean }} SpawnOptions */

/** @param {string} command @param {string[]} args @param {SpawnOptions} [options] */
export function spawnChild(command, args, { env = {}, cwd, ipc = false } = {}) {
  return spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: /** @type {import('node:child_process').StdioOptions} */ ([
      'ignore',
      'pipe',
      'pipe',
      ...(ipc ? ['ipc'] : []),
    ]),
  });
}

/**
 * A node script (a path or a node_modules/.bin link) as a direct node child with an IPC channel, with
 * `exit-with-parent` preloaded: on our death it gets `stopSignal` (SIGTERM unless told otherwise).
 */
/**
 * @param {string} script @param {string[]} args
 * @param {SpawnOptions & { stopSignal?: NodeJS.Signals, preload?: string[] }} [options]
 */
export function spawnNodeScript(script, args, { stopSignal = 'SIGTERM', preload = [], ...options } = {}) {
  const watcher = `${EXIT_WITH_PARENT}?signal=${stopSignal}`;
  const file = realpathSync(script);
  const imports = [watcher, ...preload].flatMap((p) => ['--import', p]);
  return spawnChild(process.execPath, [...imports, file, ...args], { ...options, ipc: true });
}

/** SIGKILL now, synchronously, for `child` and everything it started. */
export function killTree(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  for (const pid of [child.pid, ...descendants(child.pid)]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

export function exited(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode ?? 1);
    else child.once('exit', (code) => resolve(code ?? 1));
  });
}

/**
 * Asks a child to stop (closing its IPC channel, which it turns into its own drain, or `signal`), then
 * SIGKILLs it and whatever it started if it is still there after `graceMs`.
 */
export async function stopChild(child, { signal = 'SIGTERM', graceMs = 10_000 } = {}) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const done = exited(child);
  const tree = descendants(child.pid).map((pid) => ({ pid, startTime: procStat(pid)?.startTime }));
  try {
    if (child.connected) child.disconnect();
    // A child spawned `detached` leads its own process group (the benchmarks): signal all of it.
    else if (procStat(child.pid)?.pgid === child.pid) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // it exited meanwhile
  }
  const timer = setTimeout(() => {
    child.kill('SIGKILL');
    // Only processes that are still the ones we saw: a pid freed meanwhile may be someone else's now.
    for (const { pid, startTime } of tree) {
      if (procStat(pid)?.startTime !== startTime) continue;
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }, graceMs);
  timer.unref();
  await done;
  clearTimeout(timer);
}
