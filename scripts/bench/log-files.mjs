// run.mjs's children and their log files: the API's log outgrows what can be read into one string.
import { spawn } from 'node:child_process';
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { ROOT } from '../stack.mjs';

/** A detached child (its own process group, for `stop`) whose output goes to a file, not through us. */
export function spawnLogged(name, command, args, env, logFile) {
  const fd = openSync(logFile, 'a');
  const childEnv = { ...process.env, ...env };
  // An empty value would fail validation (DATABASE_URL) or mean something (the emulator host): drop them.
  for (const key of Object.keys(childEnv)) if (childEnv[key] === undefined) delete childEnv[key];
  const child = spawn(command, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', fd, fd], detached: true });
  child.recentOutput = () => tailOf(logFile, 4000);
  child.benchName = name;
  return child;
}

/** The last `bytes` of a file: a bench's API log outgrows the largest string Node can make (512 MiB). */
function tailOf(file, bytes) {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.min(bytes, size));
    readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    return buffer.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Lines of a file, counted a megabyte at a time. */
export function countLines(file) {
  const fd = openSync(file, 'r');
  const buffer = Buffer.alloc(1 << 20);
  let lines = 0;
  try {
    for (let read; (read = readSync(fd, buffer, 0, buffer.length, null)) > 0;) {
      for (let i = buffer.indexOf(10); i !== -1 && i < read; i = buffer.indexOf(10, i + 1)) lines++;
    }
  } finally {
    closeSync(fd);
  }
  return lines;
}

export async function waitForLogLine(file, pattern, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(readFileSync(file, 'utf8'))) {
    if (Date.now() > deadline)
      throw new Error(`no line matching ${pattern} in ${file} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
