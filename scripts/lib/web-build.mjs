// Whether the built web app (apps/web/dist) is newer than everything its build reads, so `npm start` can
// skip the build.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../stack.mjs';

/** Newest modification time (ms) of the files under `paths` (directories walked, node_modules and dist skipped). */
function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(p))
        if (name !== 'node_modules' && name !== 'dist') visit(path.join(p, name));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of paths) visit(p);
  return newest;
}

/**
 * Whether apps/web/dist was built after the last change to anything the build reads (the SPA's sources
 * and config, the contracts, the lockfile): a later `npm start` then skips the 7 s build.
 */
export function webBuildUpToDate() {
  let built;
  try {
    built = statSync(path.join(ROOT, 'apps', 'web', 'dist', 'index.html')).mtimeMs;
  } catch {
    return false;
  }
  const web = path.join(ROOT, 'apps', 'web');
  const inputs = [
    'src',
    'public',
    'index.html',
    'package.json',
    'tsconfig.json',
    'vite.config.ts',
    'vite-plugins.ts',
  ].map((f) => path.join(web, f));
  return (
    newestMtime([
      ...inputs,
      path.join(ROOT, 'packages', 'contracts', 'src'),
      path.join(ROOT, 'package-lock.json'),
    ]) < built
  );
}
