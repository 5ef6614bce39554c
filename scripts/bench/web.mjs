// `npm run bench:web`: Lighthouse (mobile profile, offline) over the production build served by the
// whole stack: the home page, All Products and one product page. Prints performance and accessibility
// scores with LCP, CLS and TBT, what Lighthouse flags, and writes the "Web" section of
// bench/results/latest.md.
//
// Knobs (env): BENCH_WEB_RUNS=1 (runs per page; the median by performance score is reported),
// BENCH_WEB_PORT=3400, BENCH_WEB_AUTH_EMULATOR_PORT=9499 (it also takes the next two), CHROME_PATH=/usr/bin/chromium,
// BENCH_WEB_REPORTS=<dir> (keeps every Lighthouse JSON report there, for the trace and the audits' details).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN, ROOT, exited, run, stop, waitForUrl } from '../stack.mjs';
import { fmt, loadavg, machineLine, writeSection } from './report.mjs';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3400);
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 1);
const AUTH_EMULATOR_PORT = process.env.BENCH_WEB_AUTH_EMULATOR_PORT ?? '9499';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');
const base = `http://localhost:${PORT}`;
/** The smallest of the three pages has about 290 elements once rendered; the overlay alone about 20. */
const MIN_RENDERED_ELEMENTS = 100;
const started = Date.now();
const step = (msg) =>
  console.log(`▶ ${msg}  (${((Date.now() - started) / 1000).toFixed(1)} s, load ${loadavg().join(' ')})`);

async function lighthouse(url, outDir, index) {
  const output = path.join(outDir, `lh-${index}.json`);
  // Lighthouse sometimes loses the trace of a page load (NO_NAVSTART) and asks to be run again.
  for (let attempt = 1; ; attempt++) {
    const child = run(
      'lighthouse',
      path.join(BIN, 'lighthouse'),
      [
        url,
        '--output=json',
        `--output-path=${output}`,
        '--only-categories=performance,accessibility',
        `--chrome-flags=${CHROME_FLAGS}`,
        '--quiet',
      ],
      { quiet: true, env: { CHROME_PATH } },
    );
    const code = await exited(child);
    if (code === 0) break;
    if (attempt >= 3) throw new Error(`lighthouse ${url} exited ${code}:\n${child.recentOutput()}`);
    console.log(`  lighthouse exited ${code}; running it again`);
  }
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const audit = (id) => report.audits[id];
  // A page whose app failed to start still scores well: only the startup overlay (about 20
  // elements) paints. Such a run measures nothing, so it stops the bench.
  const elements = audit('dom-size')?.numericValue ?? 0;
  if (elements < MIN_RENDERED_ELEMENTS) {
    throw new Error(`${url} did not render past the startup overlay (${elements} elements in the DOM)`);
  }
  const failing = (category) =>
    report.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 || category === 'performance')
      .map((ref) => audit(ref.id))
      .filter(
        (a) =>
          a &&
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'notApplicable',
      )
      .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  return {
    url,
    finalUrl: report.finalDisplayedUrl ?? report.finalUrl,
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    lcpMs: audit('largest-contentful-paint').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    tbtMs: audit('total-blocking-time').numericValue,
    fcpMs: audit('first-contentful-paint').numericValue,
    runtimeError: report.runtimeError?.message,
    flaggedPerformance: failing('performance'),
    flaggedAccessibility: failing('accessibility'),
  };
}

async function main() {
  const keep = process.env.BENCH_WEB_REPORTS;
  if (keep) mkdirSync(keep, { recursive: true });
  const outDir = keep ? path.resolve(keep) : mkdtempSync(path.join(os.tmpdir(), 'bulkwise-bench-web-'));
  step(`Building and starting the whole stack on ${base} (node scripts/start.mjs)`);
  // The figures are for a fresh production build, never a stale dist/.
  delete process.env.START_SKIP_BUILD;
  const stack = run('stack', process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    env: { PORT: String(PORT), AUTH_EMULATOR_PORT, DATA_DIR: '.data/bench-web', FRESH_DATA: '1' },
    quiet: true,
  });
  try {
    await waitForUrl(`${base}/api/health`, { child: stack, timeoutMs: 240_000 });
    const [first] = /** @type {Array<{ _id: string }>} */ (
      await (await fetch(`${base}/api/products?limit=1`)).json()
    );
    const pages = [
      ['Home', `${base}/`],
      ['All Products', `${base}/all-products`],
      ['Product', `${base}/product/${first?._id ?? 'none'}`],
    ];
    const results = [];
    for (const [name, url] of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        step(`Lighthouse ${name} (${url}), run ${i + 1} of ${RUNS}`);
        runs.push(await lighthouse(url, outDir, `${results.length}-${i}`));
      }
      const scores = runs.map((r) => r.performance);
      runs.sort((a, b) => a.performance - b.performance);
      results.push({ name, load: loadavg(), scores, ...runs[Math.floor(runs.length / 2)] });
    }
    const markdown = render(results);
    writeSection('Web', markdown);
    console.log(`\n${markdown}\n`);
    console.log('Wrote bench/results/latest.md (section "Web")');
  } finally {
    await stop(stack, 'SIGTERM', 15_000);
    if (!keep) rmSync(outDir, { recursive: true, force: true });
  }
}

function render(results) {
  const lines = [
    `Run ${new Date().toISOString()} on ${machineLine()}. Lighthouse 12 (mobile profile: simulated slow 4G and 4x CPU slowdown), ` +
      `Chromium headless, offline, against the production build served by \`node scripts/start.mjs\` (fresh data: the demo catalog). ` +
      `Median of ${RUNS} run(s) per page by performance score.`,
    '',
    '| Page | Performance | Accessibility | LCP | CLS | TBT | FCP | load avg |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.name} (\`${new URL(r.url).pathname}\`) | ${r.performance} | ${r.accessibility} | ${fmt(r.lcpMs / 1000, 2)} s | ${fmt(r.cls, 3)} | ${fmt(r.tbtMs)} ms | ${fmt(r.fcpMs / 1000, 2)} s | ${r.load[0]} |`,
    ),
    '',
    `Performance of every run, in order: ${results.map((r) => `${r.name} ${r.scores.join(', ')}`).join('; ')}.`,
    '',
    '**What Lighthouse flags** (audits scoring under 0.9):',
    '',
  ];
  for (const r of results) {
    if (r.runtimeError) lines.push(`- ${r.name}: runtime error: ${r.runtimeError}`);
    if (r.finalUrl && r.finalUrl !== r.url) lines.push(`- ${r.name}: ended on ${r.finalUrl}`);
    lines.push(`- ${r.name}, performance: ${r.flaggedPerformance.join('; ') || 'nothing'}`);
    lines.push(`- ${r.name}, accessibility: ${r.flaggedAccessibility.join('; ') || 'nothing'}`);
  }
  return lines.join('\n');
}

try {
  await main();
} catch (err) {
  console.error(`✖ ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
}
