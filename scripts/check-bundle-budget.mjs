// Builds the SPA for production and checks what `/` downloads before first paint: the entry script
// plus every chunk index.html preloads, gzipped. Budget reasoning: docs/decisions/0004-web-budget.md.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb, ROOT } from './stack.mjs';

export const BUDGET_KB = Number(process.env.WEB_JS_BUDGET_KB ?? 150);
const dist = path.join(ROOT, 'apps', 'web', 'dist');

await buildWeb({ quiet: false });
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => m[1]);
const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g)].map((m) => m[1]);

const measure = (url) => {
  const file = path.join(dist, url.replace(/^\//, ''));
  const raw = readFileSync(file);
  return { url, bytes: statSync(file).size, gzip: gzipSync(raw, { level: 9 }).length };
};
const js = [...new Set(scripts)].map(measure);
const css = [...new Set(styles)].map(measure);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const total = js.reduce((s, f) => s + f.gzip, 0);

console.log('\nJavaScript loaded by / before first paint (gzip):');
for (const f of js) console.log(`  ${f.url.padEnd(48)} ${kb(f.bytes).padStart(10)} raw  ${kb(f.gzip).padStart(9)} gzip`);
for (const f of css) console.log(`  ${f.url.padEnd(48)} ${kb(f.bytes).padStart(10)} raw  ${kb(f.gzip).padStart(9)} gzip (css)`);
console.log(`  total JS: ${kb(total)} gzip; budget ${BUDGET_KB} KB`);
if (total > BUDGET_KB * 1024) {
  console.error(`✖ the first-paint JavaScript is ${kb(total)} gzip, over the ${BUDGET_KB} KB budget`);
  process.exit(1);
}
console.log('✔ within budget');
