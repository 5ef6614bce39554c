// Checks that the Drizzle schema (apps/api/src/db/schema) declares exactly what the committed migrations
// build: drizzle-kit generates from the schema into a scratch copy of the migrations folder, and any file it
// adds means a table or column was changed without its migration (or a refactor changed a column).
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { BIN, ROOT } from './stack.mjs';

const api = path.join(ROOT, 'apps', 'api');
const migrations = path.join(api, 'src', 'db', 'migrations');
const scratch = mkdtempSync(path.join(tmpdir(), 'bulkwise-schema-'));
try {
  cpSync(migrations, scratch, { recursive: true });
  const before = new Set(readdirSync(scratch));
  // drizzle-kit prefixes --out with './', so it is given relative to the working directory.
  const run = spawnSync(
    path.join(BIN, 'drizzle-kit'),
    [
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      'src/db/schema/index.ts',
      '--out',
      path.relative(api, scratch),
    ],
    { cwd: api, encoding: 'utf8' },
  );
  const added = readdirSync(scratch).filter((name) => !before.has(name));
  if (run.status !== 0) {
    console.error(run.stdout, run.stderr, '\n✘ drizzle-kit generate failed');
    process.exitCode = 1;
  } else if (added.length > 0) {
    console.error(
      `✘ The schema and the migrations disagree: drizzle-kit would write ${added.join(', ')}. Add the migration` +
        ' (npm run db:generate -w @bulkwise/api) or undo the schema change.',
    );
    process.exitCode = 1;
  } else {
    console.log('✔ the schema matches the migrations (drizzle-kit generate: no changes)');
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
