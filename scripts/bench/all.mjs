// `npm run bench`: the API benches on both servers in one invocation.
// 1. run.mjs on the embedded PostgreSQL (the default users get from `npm start`), then on another
//    PostgreSQL: the same table, each against the bare route measured in its own run; each writes its
//    section of bench/results/latest.md.
// 2. catalog-import.mjs (10,000-row import preview and commit, a 12 MP image upload) on both servers.
// 3. orders.mjs (the supplier's desk; the embedded server, or DATABASE_URL when set), quotes.mjs (the
//    Quotes page at 100,000 quotes, same servers), invoices.mjs (the invoices list at 100,000 invoices,
//    same servers), terms.mjs (purchases on account against purchases without terms, on both servers),
//    insights.mjs (the
//    supplier dashboard at a million orders, same servers) and instances.mjs
//    (PostgreSQL and Redis).
// PostgreSQL is DATABASE_URL, else the local server on 127.0.0.1:5432 (user postgres) when one answers;
// the bench creates and drops its own database there. Without either, the PostgreSQL run is skipped
// with one loud line, as instances.mjs does.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { reachable } from '../scale/cluster.mjs';
import { ROOT } from '../stack.mjs';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const postgresUrl =
  process.env.DATABASE_URL || ((await reachable('127.0.0.1', 5432)) ? LOCAL_POSTGRES : undefined);

function bench(script, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'bench', script)], {
      cwd: ROOT,
      stdio: 'inherit',
      env: Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, v]) => v !== undefined)),
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const failed = [];
const step = async (name, script, env = {}) => {
  console.log(`\n▶ bench: ${name}`);
  if ((await bench(script, env)) !== 0) failed.push(name);
};

await step('API on the embedded PostgreSQL', 'run.mjs', { DATABASE_URL: undefined });
if (postgresUrl) await step('API on PostgreSQL (DATABASE_URL)', 'run.mjs', { DATABASE_URL: postgresUrl });
else
  console.log(
    '\n!!!!! bench (API on PostgreSQL) SKIPPED: set DATABASE_URL or run PostgreSQL on 127.0.0.1:5432 !!!!!',
  );
await step('catalog import and image upload on the embedded PostgreSQL', 'catalog-import.mjs', {
  DATABASE_URL: undefined,
});
if (postgresUrl)
  await step('catalog import and image upload on PostgreSQL (DATABASE_URL)', 'catalog-import.mjs', {
    DATABASE_URL: postgresUrl,
  });
await step('orders desk', 'orders.mjs');
await step('quotes list', 'quotes.mjs');
await step('invoices list', 'invoices.mjs');
await step('purchases on account on the embedded PostgreSQL', 'terms.mjs', { DATABASE_URL: undefined });
if (postgresUrl)
  await step('purchases on account on PostgreSQL (DATABASE_URL)', 'terms.mjs', { DATABASE_URL: postgresUrl });
await step('supplier insights', 'insights.mjs');
await step('API instances', 'instances.mjs');

if (failed.length > 0) {
  console.error(`\n✖ bench failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
