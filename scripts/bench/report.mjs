// Shared by the API and web benches: the machine description and bench/results/latest.md, where
// each bench owns one "## " section and replaces only its own.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../stack.mjs';

export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
export const LATEST = path.join(RESULTS_DIR, 'latest.md');

/** A numeric knob from the environment (BENCH_*), or its default. */
export const envNumber = (name, fallback) => Number(process.env[name] ?? fallback);

/** The load settings every bench shares: BENCH_DURATION, BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_KEEP=1. */
export function loadKnobs(defaults = { duration: 8, warmup: 2, connections: 50 }) {
  return {
    DURATION: envNumber('BENCH_DURATION', defaults.duration),
    WARMUP: envNumber('BENCH_WARMUP', defaults.warmup),
    CONNECTIONS: envNumber('BENCH_CONNECTIONS', defaults.connections),
    KEEP: process.env.BENCH_KEEP === '1',
  };
}

export const loadavg = () => os.loadavg().map((n) => n.toFixed(2));

/** A bench's progress log: `▶ message  (seconds since the start, load averages)`. */
export function stepLogger(started = Date.now()) {
  return (msg) =>
    console.log(`▶ ${msg}  (${((Date.now() - started) / 1000).toFixed(1)} s, load ${loadavg().join(' ')})`);
}

export function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

export function machineLine(m = machine()) {
  return `${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}, ${m.platform}`;
}

/** Replaces the `## <title>` section of latest.md (or appends it), leaving the other sections alone. */
export function writeSection(title, body) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const header =
    '# Bulkwise benchmark results\n\nWritten by `npm run bench` (API, one section per database) and ' +
    '`npm run bench:web` (Lighthouse). See bench/README.md for what each figure means.\n';
  const current = existsSync(LATEST) ? readFileSync(LATEST, 'utf8') : header;
  const sections = current.split(/^(?=## )/m);
  const intro = (sections[0]?.startsWith('## ') ? header : sections.shift()) ?? header;
  const section = `## ${title}\n\n${body.trim()}\n\n`;
  const index = sections.findIndex((s) => s.startsWith(`## ${title}\n`));
  if (index >= 0) sections[index] = section;
  else sections.push(section);
  const order = (s) =>
    s.startsWith('## API on the embedded PostgreSQL') ? 0 : s.startsWith('## API on PostgreSQL') ? 1 : 2;
  sections.sort((a, b) => order(a) - order(b));
  writeFileSync(LATEST, `${intro.trimEnd()}\n\n${sections.join('').trimEnd()}\n`);
}

export const fmt = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '–';
