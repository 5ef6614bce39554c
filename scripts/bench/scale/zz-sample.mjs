// Samples pg_stat_activity every 100 ms for `seconds`; prints active statements per normalised query.
import pg from '/work/main/node_modules/pg/lib/index.js';
const [url, seconds = '30'] = process.argv.slice(2);
const c = new pg.Client({ connectionString: url }); await c.connect();
const counts = new Map(); let samples = 0;
const end = Date.now() + Number(seconds) * 1000;
while (Date.now() < end) {
  const { rows } = await c.query(`select left(regexp_replace(regexp_replace(query, '\\$\\d+', '?', 'g'), '\\s+', ' ', 'g'), 140) q, wait_event_type w from pg_stat_activity where state = 'active' and pid <> pg_backend_pid() and backend_type = 'client backend'`);
  samples++;
  for (const r of rows) { const k = `${r.w ?? 'cpu'} | ${r.q}`; counts.set(k, (counts.get(k) ?? 0) + 1); }
  await new Promise((r) => setTimeout(r, 100));
}
const total = [...counts.values()].reduce((a, b) => a + b, 0);
console.log(`samples ${samples}, mean active ${(total / samples).toFixed(2)}`);
for (const [k, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((n / samples).toFixed(2), k);
await c.end();
