// `npm run bench:web`: Lighthouse (mobile profile, offline) over the production build served by the
// whole stack: the home page, All Products, one product page of the demo catalog and one whose photo
// the supplier uploaded. Prints performance, accessibility and SEO
// scores with LCP, CLS and TBT, what Lighthouse flags, and writes the "Web" section of
// bench/results/latest.md.
//
// Knobs (env): BENCH_WEB_RUNS=1 (runs per page; the median by performance score is reported),
// BENCH_WEB_PORT=3400, BENCH_WEB_AUTH_EMULATOR_PORT=9499 (it also takes the next two), CHROME_PATH=/usr/bin/chromium,
// BENCH_WEB_REPORTS=<dir> (keeps every Lighthouse JSON report there, for the trace and the audits' details).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { authEmulatorPost } from '../lib/auth-emulator.mjs';
import { BIN, ROOT, exited, run, stop, waitForUrl } from '../stack.mjs';
import { fmt, loadavg, machineLine, stepLogger, writeSection } from './report.mjs';

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
const step = stepLogger();

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
        '--only-categories=performance,accessibility,seo',
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
    seo: Math.round(report.categories.seo.score * 100),
    lcpMs: audit('largest-contentful-paint').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    tbtMs: audit('total-blocking-time').numericValue,
    fcpMs: audit('first-contentful-paint').numericValue,
    runtimeError: report.runtimeError?.message,
    flaggedPerformance: failing('performance'),
    flaggedAccessibility: failing('accessibility'),
    flaggedSeo: failing('seo'),
  };
}

/**
 * The demo supplier uploads a 12-megapixel camera photo (through POST /api/images, as the product form
 * does) and lists a product with it: the page a buyer opens from a supplier's own catalog.
 * @returns {Promise<string>} the product's id
 */
async function productWithUploadedPhoto() {
  const signedIn = await authEmulatorPost(`127.0.0.1:${AUTH_EMULATOR_PORT}`, '/accounts:signInWithPassword', {
    email: 'supplier@bulkwise.test',
    password: 'Supplier#2026',
    returnSecureToken: true,
  });
  const exchanged = await fetch(`${base}/api/jwt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${signedIn.idToken}` },
    body: JSON.stringify({ email: 'supplier@bulkwise.test', uid: signedIn.localId }),
  });
  if (!exchanged.ok) throw new Error(`POST /api/jwt: ${exchanged.status} ${await exchanged.text()}`);
  const authorization = `Bearer ${/** @type {{ token: string }} */ (await exchanged.json()).token}`;
  // 4000 x 3000, smooth colour fields from a 160 x 120 noise: it compresses about as a camera photo
  // does (1.4 MB as JPEG, 180 KB as the 1280 px WebP); per-pixel noise would weigh five times more.
  const noise = Buffer.alloc(160 * 120 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  const photo = await sharp(noise, { raw: { width: 160, height: 120, channels: 3 } })
    .resize(4000, 3000, { kernel: 'lanczos3' })
    .jpeg({ quality: 85 })
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'pallet.jpg');
  const upload = await fetch(`${base}/api/images`, {
    method: 'POST',
    headers: { authorization },
    body: form,
  });
  if (!upload.ok) throw new Error(`POST /api/images: ${upload.status} ${await upload.text()}`);
  const { url } = /** @type {{ url: string }} */ (await upload.json());
  const created = await fetch(`${base}/api/products`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({
      image: url,
      name: 'Euro pallet, heat treated (photo upload)',
      brandName: 'Bulkwise Bench',
      category: 'Office Supplies & Stationery',
      description: 'A product listed with a photo uploaded from a camera.',
      mainQuantity: 500,
      minSellingQuantity: 20,
      price: 12.5,
      rating: 4.5,
    }),
  });
  if (created.status !== 201)
    throw new Error(`POST /api/products: ${created.status} ${await created.text()}`);
  return /** @type {{ _id: string }} */ (await created.json())._id;
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
    // The demo catalog's pages first (comparable with earlier runs), then the uploaded photo's, which
    // is also the newest product at the top of All Products from then on.
    /** @type {Array<[string, () => Promise<string>]>} */
    const pages = [
      ['Home', async () => `${base}/`],
      ['All Products', async () => `${base}/all-products`],
      ['Product', async () => `${base}/product/${first?._id ?? 'none'}`],
      ['Product with an uploaded photo', async () => `${base}/product/${await productWithUploadedPhoto()}`],
    ];
    const results = [];
    for (const [name, urlOf] of pages) {
      const url = await urlOf();
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
    '| Page | Performance | Accessibility | SEO | LCP | CLS | TBT | FCP | load avg |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.name} (\`${new URL(r.url).pathname}\`) | ${r.performance} | ${r.accessibility} | ${r.seo} | ${fmt(r.lcpMs / 1000, 2)} s | ${fmt(r.cls, 3)} | ${fmt(r.tbtMs)} ms | ${fmt(r.fcpMs / 1000, 2)} s | ${r.load[0]} |`,
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
    lines.push(`- ${r.name}, SEO: ${r.flaggedSeo.join('; ') || 'nothing'}`);
  }
  return lines.join('\n');
}

try {
  await main();
} catch (err) {
  console.error(`✖ ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
}
