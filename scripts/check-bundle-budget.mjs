// Builds the SPA for production and checks what `/` runs before first paint: the entry script and
// the chunks it imports statically, gzipped. The app chunks index.html modulepreloads (downloaded
// alongside, run after the overlay has painted) are listed and count toward the second budget.
// Budget reasoning: docs/decisions/0004-web-budget.md and 0014-page-speed.md.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb, ROOT } from './stack.mjs';

export const BUDGET_KB = Number(process.env.WEB_JS_BUDGET_KB ?? 150);
/** Everything `/` needs to be usable: entry, app shell, Firebase client and the home page module. */
export const INTERACTIVE_BUDGET_KB = Number(process.env.WEB_INTERACTIVE_BUDGET_KB ?? 260);
const INTERACTIVE_ENTRIES = [
  'index.html',
  'src/app/app.tsx',
  'src/features/auth/auth-client.ts',
  'src/app/routes/home.tsx',
];
const dist = path.join(ROOT, 'apps', 'web', 'dist');

await buildWeb({ quiet: false });
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
// The manifest is read before anything is measured: the entry's static imports come from it.
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const entryImports = new Set((manifest['index.html']?.imports ?? []).map((key) => `/${manifest[key].file}`));
const entryScripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => m[1]);
const scripts = [...entryScripts, ...preloads.filter((url) => entryImports.has(url))];
const alongside = preloads.filter((url) => !entryImports.has(url));
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
for (const f of js)
  console.log(`  ${f.url.padEnd(48)} ${kb(f.bytes).padStart(10)} raw  ${kb(f.gzip).padStart(9)} gzip`);
for (const f of css)
  console.log(`  ${f.url.padEnd(48)} ${kb(f.bytes).padStart(10)} raw  ${kb(f.gzip).padStart(9)} gzip (css)`);
// index.html itself (the stylesheet is a link in its head, listed above).
const page = measure('/index.html');
console.log(
  `  ${page.url.padEnd(48)} ${kb(page.bytes).padStart(10)} raw  ${kb(page.gzip).padStart(9)} gzip (html)`,
);
console.log(`  total JS: ${kb(total)} gzip; budget ${BUDGET_KB} KB`);
const early = alongside.map(measure);
console.log(
  `\nApp chunks index.html modulepreloads (downloaded with the entry, run after first paint): ${kb(early.reduce((s, f) => s + f.gzip, 0))} gzip in ${early.length} files`,
);

// The static import closure of the modules the home page needs, from Vite's manifest.
const needed = new Set();
const visit = (key) => {
  const entry = manifest[key];
  if (!entry || needed.has(entry.file)) return;
  needed.add(entry.file);
  for (const dep of entry.imports ?? []) visit(dep);
};
for (const key of INTERACTIVE_ENTRIES) {
  if (!manifest[key]) throw new Error(`${key} is not in the build manifest: update INTERACTIVE_ENTRIES`);
  visit(key);
}
const interactive = [...needed].filter((f) => f.endsWith('.js')).map((f) => measure(`/${f}`));
const interactiveTotal = interactive.reduce((s, f) => s + f.gzip, 0);
console.log(
  `\nJavaScript the home page needs to be usable (gzip): ${kb(interactiveTotal)} in ${interactive.length} files; budget ${INTERACTIVE_BUDGET_KB} KB`,
);

let failed = false;
if (total > BUDGET_KB * 1024) {
  console.error(`✖ the first-paint JavaScript is ${kb(total)} gzip, over the ${BUDGET_KB} KB budget`);
  failed = true;
}
if (interactiveTotal > INTERACTIVE_BUDGET_KB * 1024) {
  console.error(
    `✖ the home page needs ${kb(interactiveTotal)} gzip of JavaScript, over the ${INTERACTIVE_BUDGET_KB} KB budget`,
  );
  failed = true;
}
if (failed) process.exit(1);
console.log('✔ within budget');
