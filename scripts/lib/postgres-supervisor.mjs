// @ts-check
// Runs one PostgreSQL server and ties its life to ours: the launcher starts this script with an IPC
// channel and `exit-with-parent` preloaded, so even a kill -9 of the launcher alone ends in the stop
// below. A kill -9 of the whole process group reaches the server directly (it is in the group too).
// argv: the `postgres` binary, then its arguments. BULKWISE_PG_UID / BULKWISE_PG_GID: whom to run it as
// (PostgreSQL refuses to run as root).
import { spawn } from 'node:child_process';

const [binary, ...args] = process.argv.slice(2);
const uid = process.env.BULKWISE_PG_UID ? Number(process.env.BULKWISE_PG_UID) : undefined;
const gid = process.env.BULKWISE_PG_GID ? Number(process.env.BULKWISE_PG_GID) : undefined;
// Past this a smart shutdown (waits for the API to close its connections) becomes a fast one: longer than
// the API's own 8 s drain, shorter than the launcher's 15 s before SIGKILL.
const SMART_MS = 9_000;

const server = spawn(/** @type {string} */ (binary), args, {
  stdio: ['ignore', 'inherit', 'inherit'],
  ...(uid !== undefined ? { uid, gid } : {}),
  env: { ...process.env, LC_MESSAGES: 'C' },
});
let stopping = false;

// SIGTERM = PostgreSQL's smart shutdown: no new sessions, the API's open ones finish their work. The
// launcher stops the API first, so this is normally immediate; a stuck client gets the fast shutdown.
// SIGINT (a terminal's Ctrl-C reaches the server itself too) = fast shutdown: open transactions roll
// back, everything committed stays.
/** @param {'SIGTERM' | 'SIGINT'} signal */
function stop(signal) {
  if (stopping && signal === 'SIGTERM') return;
  stopping = true;
  server.kill(signal);
  if (signal === 'SIGTERM') setTimeout(() => server.kill('SIGINT'), SMART_MS).unref();
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

server.on('error', (err) => {
  console.error(`PostgreSQL could not be started: ${err.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  if (!stopping) console.error(`PostgreSQL exited unexpectedly (${signal ?? `code ${code}`}).`);
  process.exit(stopping && code === 0 ? 0 : (code ?? 1) || 1);
});
