import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createInvalidationBus } from './cache/bus';
import { createResponseCache } from './cache/cache';
import { startMemoryReport } from './memory-report';

/** A Fastify app whose log lines land in `lines`, parsed. */
function appWithLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { app: Fastify({ logger: { level: 'info', stream } }), lines };
}

describe('the memory report (MEMORY_LOG_MS)', () => {
  it('adds up what every registered cache holds', () => {
    const bus = createInvalidationBus();
    const a = createResponseCache({ maxBytes: 2 ** 20 });
    const b = createResponseCache({ maxBytes: 3 * 2 ** 20 });
    bus.register(a);
    bus.register(b);
    // What the bus does once it listens on the database (here there is none).
    a.setEnabled(true);
    b.setEnabled(true);
    for (const [cache, key] of [
      [a, 'x'],
      [a, 'y'],
      [b, 'z'],
    ] as const)
      cache.set(key, `{"k":"${key}"}`, { tags: [`product:${key}`], startedAt: cache.begin() });
    expect(bus.totals()).toEqual({
      caches: 2,
      entries: 3,
      bytes: a.stats().bytes + b.stats().bytes,
      maxBytes: 4 * 2 ** 20,
    });
    expect(a.stats().bytes).toBeGreaterThan(0);
  });

  it('logs the process memory and the caches every period, and stops with the server', async () => {
    const { app, lines } = appWithLog();
    const totals = { caches: 1, entries: 7, bytes: 3 * 2 ** 20, maxBytes: 32 * 2 ** 20 };
    startMemoryReport(app, () => totals, 10);
    const memoryLines = () => lines.filter((l) => l.msg === 'memory');
    await expect.poll(() => memoryLines().length).toBeGreaterThanOrEqual(2);
    const [first] = memoryLines();
    expect(first!.memory).toMatchObject({ cacheBytes: 3, cacheEntries: 7, cacheLimit: 32 });
    const { rss, heapUsed, external } = first!.memory as Record<string, number>;
    expect(rss).toBeGreaterThan(heapUsed!);
    expect(external).toBeGreaterThan(0);

    await app.close();
    const after = memoryLines().length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(memoryLines().length).toBe(after);
  });

  it('writes nothing when off (0, the default)', async () => {
    const { app, lines } = appWithLog();
    startMemoryReport(app, () => ({ caches: 0, entries: 0, bytes: 0, maxBytes: 0 }), 0);
    await app.ready();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(lines.filter((l) => l.msg === 'memory')).toEqual([]);
    await app.close();
  });
});
