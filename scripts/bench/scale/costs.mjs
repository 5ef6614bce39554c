// What each class of the mix costs the machine, the profile that explains the mixed run's latencies: each
// class alone on the same 50 connections for a few seconds, profiled (profile.mjs), gives its CPU per answer
// (API, PostgreSQL, load generator). Weighted by the mix's shares, they predict the mix's CPU per answer;
// with every connection waiting for its answer, the machine's cores over that is the mix's ceiling.
import { MIX, runMix, summarize } from './mix.mjs';
import { profiled } from './profile.mjs';

/**
 * Each class of MIX alone, `seconds` each, after the measured runs (caches as the soak left them).
 * @returns {Promise<Array<{ cls: string, share: number, perSecond: number, p99: number, failed: number,
 *   profile: Awaited<ReturnType<typeof profiled>>['profile'] }>>}
 */
export async function classCosts({ base, fixtures, pid, databaseUrl, connections, seconds }) {
  const costs = [];
  for (const [cls, share] of Object.entries(MIX)) {
    const { result: s, profile } = await profiled(
      { apiPid: pid, databaseUrl },
      async () => summarize(await runMix({ base, fixtures, connections, seconds, mix: { [cls]: 1 } }), [cls]),
      (summary) => summary.count,
    );
    costs.push({ cls, share, perSecond: s.perSecond, p99: s.p99, failed: s.failed, profile });
  }
  return costs;
}

/** Each class's part of the mix's CPU per answer: its share of the mix times its cost alone (ms). */
const weighted = (costs) => {
  const shares = costs.reduce((n, c) => n + c.share, 0);
  return costs.map((c) => (c.share / shares) * (c.profile.cpuMsPerAnswer ?? 0));
};

/** The mix's CPU per answer as the classes' costs predict it (ms). */
export const predictedMsPerAnswer = (costs) => weighted(costs).reduce((n, part) => n + part, 0);

/**
 * The table for the results: per class its answers/s and p99 alone, its CPU per answer split, and its part
 * of the mix's CPU (share × cost).
 * @param {Awaited<ReturnType<typeof classCosts>>} costs @param {Record<string, string>} titles
 */
export function costRows(costs, titles) {
  const parts = weighted(costs);
  const total = parts.reduce((n, part) => n + part, 0);
  const f = (v) => v.toFixed(2);
  return [
    '| class alone | per s | p99 ms | CPU ms per answer | API | PostgreSQL | load | share of the mix | part of its CPU |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...costs.map((c, i) => {
      const p = c.profile;
      return `| ${titles[c.cls]}${c.failed ? ` (${c.failed} failed)` : ''} | ${Math.round(c.perSecond).toLocaleString('en-US')} | ${c.p99.toFixed(1)} | ${f(p.cpuMsPerAnswer ?? 0)} | ${f(p.msPerAnswer.api)} | ${f(p.msPerAnswer.postgres)} | ${f(p.msPerAnswer.load)} | ${c.share} % | ${Math.round((100 * parts[i]) / total)} % |`;
    }),
  ];
}
