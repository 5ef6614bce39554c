// Finds the Chromium the browser journeys drive, or obtains Debian's when it may. Playwright's own
// browser download does not work on this machine kind, so the system package is the one way in.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export const INSTALL_COMMAND = 'apt-get install -y --no-install-recommends chromium';
/** Where Debian's package puts it, whatever PATH says. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const NAMES = ['chromium', 'chromium-browser'];

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name, envPath = process.env.PATH ?? '') {
  for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    if (executable(file)) return file;
  }
  return undefined;
}

/** CHROME_PATH when set (and only it: a wrong value is an error, not a hint), else Chromium on PATH. */
export function findChromium(env = process.env) {
  if (env.CHROME_PATH) {
    return executable(env.CHROME_PATH)
      ? { path: env.CHROME_PATH }
      : {
          error: `CHROME_PATH=${env.CHROME_PATH} is not an executable file: fix it, or unset it to use ${INSTALL_COMMAND}`,
        };
  }
  for (const name of NAMES) {
    const found = onPath(name, env.PATH);
    if (found) return { path: found };
  }
  return {};
}

/**
 * The browser's path, installing Debian's Chromium first when none is found and this process may
 * (root, apt-get on PATH). Otherwise throws one line naming the exact command.
 */
export function ensureChromium({ log = console.log, env = process.env } = {}) {
  const found = findChromium(env);
  if (found.path) return found.path;
  if (found.error) throw new Error(found.error);
  const aptGet = onPath('apt-get', env.PATH);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!aptGet || !isRoot) {
    const sudo = isRoot ? '' : 'sudo ';
    throw new Error(
      `Chromium was not found for the browser tests: run \`${sudo}${INSTALL_COMMAND}\` (or set CHROME_PATH), then npm test again`,
    );
  }
  log(`▶ Chromium was not found: installing Debian's (${INSTALL_COMMAND}; about 15 s)…`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync(aptGet, ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env: aptEnv,
    });
  // A fresh machine has no package lists yet: fetch them once and try again.
  if (install().status !== 0) {
    spawnSync(aptGet, ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
    if (install().status !== 0)
      throw new Error(`installing Chromium failed: run \`${INSTALL_COMMAND}\` and look at its output`);
  }
  const installed =
    onPath('chromium', env.PATH) ?? (executable(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined);
  if (!installed)
    throw new Error(`apt-get installed chromium but no executable was found at ${DEBIAN_CHROMIUM}`);
  return installed;
}
