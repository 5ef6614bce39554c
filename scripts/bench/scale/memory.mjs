// The API's `memory` log lines (MEMORY_LOG_MS, apps/api/src/lib/memory-report.ts) around the soak: what
// its RSS growth is made of (the JS heap, Buffers outside it, the response caches' counted bytes).
import { createReadStream } from 'node:fs';
import readline from 'node:readline';

/** How often the soak's API writes a memory line. */
export const MEMORY_LOG_MS = 5_000;

/**
 * The memory lines of `logFile` written between `from` and `to` (epoch ms), oldest first: each its time
 * and figures (MiB; entries and caches as counts).
 * @returns {Promise<Array<{ time: number, memory: Record<string, number> }>>}
 */
export async function memoryLines(logFile, from, to) {
  const lines = [];
  const input = readline.createInterface({ input: createReadStream(logFile), crlfDelay: Infinity });
  for await (const line of input) {
    if (!line.includes('"msg":"memory"')) continue;
    const { time, memory } = JSON.parse(line);
    if (time >= from && time <= to) lines.push({ time, memory });
  }
  return lines;
}

/**
 * The line nearest `at` and the last one, or undefined without lines (an API without the report).
 * @param {Array<{ time: number, memory: Record<string, number> }>} lines
 * @param {number} at
 */
export function windowAndEnd(lines, at) {
  if (lines.length === 0) return undefined;
  const nearest = lines.reduce((a, b) => (Math.abs(b.time - at) < Math.abs(a.time - at) ? b : a));
  return {
    atWindow: nearest.memory,
    end: /** @type {{ memory: Record<string, number> }} */ (lines.at(-1)).memory,
  };
}

/**
 * The soak line's breakdown: each figure's change from the window's line to the last.
 * @param {{ atWindow: Record<string, number>, end: Record<string, number> } | undefined} m
 */
export function describeGrowth(m) {
  if (!m) return 'no memory lines (MEMORY_LOG_MS) to break it down';
  const d = (/** @type {string} */ k) => {
    const delta = (m.end[k] ?? 0) - (m.atWindow[k] ?? 0);
    return `${delta >= 0 ? '+' : ''}${delta.toFixed(1)} MB`;
  };
  return (
    `of it, from the API's memory lines: heap used ${d('heapUsed')} (heap reserved ${d('heapTotal')}), ` +
    `Buffers outside the heap ${d('external')} (array buffers ${d('arrayBuffers')}), ` +
    `the response caches' counted bytes ${d('cacheBytes')} (${m.atWindow.cacheEntries} → ${m.end.cacheEntries} entries, ` +
    `${m.atWindow.cacheBytes} → ${m.end.cacheBytes} MB of ${m.end.cacheLimit} MB allowed), RSS by the same lines ${d('rss')}`
  );
}
