// `npm run build -w @bulkwise/api`: the API as one ES module for plain `node` (dist/server.js). The
// workspace contracts are bundled in (they ship TypeScript); every registry dependency stays external
// and is loaded from node_modules, so native and dynamic code (pg, firebase-admin) runs as shipped.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@bulkwise/'));

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, 'src', 'server.ts')],
  outfile: path.join(dist, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
// client.ts finds its migrations beside the module that runs: dist/migrations.
cpSync(path.join(here, 'src', 'db', 'migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log(`built ${path.relative(process.cwd(), path.join(dist, 'server.js'))}`);
