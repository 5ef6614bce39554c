import type { ResponseCache } from './cache';

/** The registered caches together: how many, their entries, the bytes they count and their limits. */
export interface CacheTotals {
  caches: number;
  entries: number;
  bytes: number;
  maxBytes: number;
}

export function cacheTotals(caches: Iterable<ResponseCache>): CacheTotals {
  const totals: CacheTotals = { caches: 0, entries: 0, bytes: 0, maxBytes: 0 };
  for (const cache of caches) {
    const { entries, bytes, maxBytes } = cache.stats();
    totals.caches += 1;
    totals.entries += entries;
    totals.bytes += bytes;
    totals.maxBytes += maxBytes;
  }
  return totals;
}
