import type { OrderSummary } from '@bulkwise/contracts';

/**
 * A supplier's order counts per status (the badge, the tabs and the desk's X-Total-Count) cost an index
 * scan of every order they received, 100,000 for a big supplier, on every page. They are kept for a few
 * seconds per supplier and forgotten after every committed change of this process to that supplier's
 * orders; changes made by another API process show within TTL_MS.
 */
const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export function createOrderCounts(now: () => number = Date.now) {
  const entries = new Map<string, { value: OrderSummary; expires: number }>();
  // A count that started before a change and ended after it may have missed it: it is not kept.
  const generations = new Map<string, number>();
  let epoch = 0;
  const generationOf = (uid: string) => `${epoch}:${generations.get(uid) ?? 0}`;
  return {
    async get(supplierUid: string, load: () => Promise<OrderSummary>): Promise<OrderSummary> {
      const entry = entries.get(supplierUid);
      if (entry && entry.expires > now()) return entry.value;
      const startedAt = generationOf(supplierUid);
      const value = await load();
      if (startedAt === generationOf(supplierUid)) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(supplierUid, { value, expires: now() + TTL_MS });
      }
      return value;
    },
    /** Call after the change committed. */
    invalidate(supplierUid: string | null) {
      if (supplierUid === null) return;
      entries.delete(supplierUid);
      if (generations.size >= MAX_ENTRIES) {
        // Rather than grow without bound, forget every generation and every entry at once.
        generations.clear();
        entries.clear();
        epoch++;
      }
      generations.set(supplierUid, (generations.get(supplierUid) ?? 0) + 1);
    },
  };
}
export type OrderCounts = ReturnType<typeof createOrderCounts>;
