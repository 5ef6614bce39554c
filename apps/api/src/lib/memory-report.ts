import type { FastifyInstance } from 'fastify';
import type { CacheTotals } from './cache/totals';

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

/** The figures of one `memory` line, in MiB (entries and caches as counts). */
function memoryFigures(caches: CacheTotals) {
  const m = process.memoryUsage();
  return {
    rss: mb(m.rss),
    heapUsed: mb(m.heapUsed),
    heapTotal: mb(m.heapTotal),
    // Outside the JS heap: Buffers (kept response bodies and their compressed copies are Buffers).
    external: mb(m.external),
    arrayBuffers: mb(m.arrayBuffers),
    cacheBytes: mb(caches.bytes),
    cacheEntries: caches.entries,
    cacheLimit: mb(caches.maxBytes),
  };
}

/**
 * MEMORY_LOG_MS: one `memory` line every `everyMs` with the process's memory and what the response caches
 * hold. RSS alone cannot tell caches filling up to their limits from a leak; these lines can, and the
 * soak of bench:scale reads them. The timer never keeps the process alive and stops with the server.
 */
export function startMemoryReport(app: FastifyInstance, caches: () => CacheTotals, everyMs: number): void {
  if (everyMs <= 0) return;
  const timer = setInterval(() => app.log.info({ memory: memoryFigures(caches()) }, 'memory'), everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
