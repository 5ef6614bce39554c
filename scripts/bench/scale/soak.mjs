// The soak of issue #29: the mixed load for minutes, with the API's RSS every second, its memory lines (what
// any growth is made of) and the dead rows PostgreSQL keeps in the written tables (what slows its reads).
import pg from 'pg';
import { withClient } from '../api-process.mjs';
import { rssOf } from './lines.mjs';
import { memoryLines, windowAndEnd } from './memory.mjs';
import { READ_CLASSES, runMix, summarize } from './mix.mjs';
import { deadRows } from './profile.mjs';

/** The mixed load for the soak: RSS every second, windows of the first and last minute (or a quarter). */
export async function soak({ base, fixtures, pid, logFile, databaseUrl, connections, seconds }) {
  const samples = [];
  const dead = () => withClient(pg, databaseUrl, deadRows);
  const deadBefore = await dead();
  const startedAt = Date.now();
  const run = await runMix({
    base,
    fixtures,
    connections,
    seconds,
    onTick: () => samples.push(rssOf(pid)),
  });
  const window = Math.min(60, seconds / 4);
  const all = [...READ_CLASSES, 'search', 'purchase', 'edit', 'import'];
  const rssAtWindow = samples[Math.max(0, Math.round(window) - 1)] ?? samples[0];
  const rssEnd = samples.at(-1) ?? rssAtWindow;
  const failures = summarize(run, all).failed + run.errors + run.timeouts;
  const lines = await memoryLines(logFile, startedAt, Date.now());
  const first = summarize(run, all, 0, window);
  const last = summarize(run, all, run.duration - window, run.duration);
  return {
    memory: windowAndEnd(lines, startedAt + window * 1000),
    window,
    rssAtWindow,
    rssEnd,
    growthPercent: (100 * (rssEnd - rssAtWindow)) / rssAtWindow,
    failures,
    firstP99: first.p99,
    lastP99: last.p99,
    firstPerSecond: first.perSecond,
    lastPerSecond: last.perSecond,
    dead: { before: deadBefore, after: await dead() },
  };
}
