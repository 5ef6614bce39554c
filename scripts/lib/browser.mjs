// @ts-check
// Finds the Chromium the browser journeys drive, or obtains Debian's when it may. Playwright's own
// browser download does not work on this machine kind, so the system packages are the one way in.
//
// The journeys drive Debian's chromium-headless-shell, the headless-only build Playwright itself uses for
// headless runs: no GPU process at work and a lighter browser process. Measured on the 71 journeys
// (3 workers, 2 cores, 2026-11-27): 4.4 min with the full `chromium`, 3.0 min with the shell. The full
// browser stays the fallback, and Lighthouse (bench:web) needs it.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

const HEADLESS_SHELL = 'chromium-headless-shell';
export const INSTALL_COMMAND = `apt-get install -y --no-install-recommends ${HEADLESS_SHELL}`;
/** Where Debian's packages put them, whatever PATH says. */
const DEBIAN_BIN = '/usr/bin';
const FULL_BROWSERS = ['chromium', 'chromium-browser'];

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name, envPath = process.env.PATH ?? '') {
  for (const dir of [...envPath.split(path.delimiter).filter(Boolean), DEBIAN_BIN]) {
    const file = path.join(dir, name);
    if (executable(file)) return file;
  }
  return undefined;
}

/**
 * CHROME_PATH when set (and only it: a wrong value is an error, not a hint), else the headless shell,
 * else (`fallback`) a full Chromium.
 */
export function findChromium(env = process.env, { fallback = true } = {}) {
  if (env.CHROME_PATH) {
    return executable(env.CHROME_PATH)
      ? { path: env.CHROME_PATH }
      : {
          error: `CHROME_PATH=${env.CHROME_PATH} is not an executable file: fix it, or unset it to use ${INSTALL_COMMAND}`,
        };
  }
  const names = fallback ? [HEADLESS_SHELL, ...FULL_BROWSERS] : [HEADLESS_SHELL];
  for (const name of names) {
    const found = onPath(name, env.PATH);
    if (found) return { path: found };
  }
  return {};
}

/**
 * The browser's path, installing Debian's headless shell first when it is missing and this process may
 * (root, apt-get on PATH). A process that may not install uses a full Chromium when there is one;
 * otherwise this throws one line naming the exact command.
 */
export function ensureChromium({ log = console.log, env = process.env } = {}) {
  const found = findChromium(env, { fallback: false });
  if (found.path) return found.path;
  if (found.error) throw new Error(found.error);
  const aptGet = onPath('apt-get', env.PATH);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!aptGet || !isRoot) {
    const fallback = findChromium(env).path;
    if (fallback) {
      log(`ℹ ${HEADLESS_SHELL} was not found: the journeys use ${fallback} (slower; ${INSTALL_COMMAND}).`);
      return fallback;
    }
    const sudo = isRoot ? '' : 'sudo ';
    throw new Error(
      `Chromium was not found for the browser tests: run \`${sudo}${INSTALL_COMMAND}\` (or set CHROME_PATH), then npm test again`,
    );
  }
  log(`▶ ${HEADLESS_SHELL} was not found: installing Debian's (${INSTALL_COMMAND}; about 15 s)…`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync(aptGet, ['install', '-y', '-qq', '--no-install-recommends', HEADLESS_SHELL], {
      stdio: 'inherit',
      env: aptEnv,
    });
  // A fresh machine has no package lists yet: fetch them once and try again.
  if (install().status !== 0) {
    spawnSync(aptGet, ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
    if (install().status !== 0)
      throw new Error(`installing Chromium failed: run \`${INSTALL_COMMAND}\` and look at its output`);
  }
  const installed = onPath(HEADLESS_SHELL, env.PATH);
  if (!installed)
    throw new Error(`apt-get installed ${HEADLESS_SHELL} but no executable was found in ${DEBIAN_BIN}`);
  return installed;
}
