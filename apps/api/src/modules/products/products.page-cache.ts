/** A first page of a public listing as served: the serialised body and its paging headers. */
export interface CachedPage {
  body: string;
  total: number;
  nextCursor: string | null;
}

/**
 * The first pages of public product listings (All Products, a category, a search), kept for `ttlMs`
 * after the database answered them. Every visitor of All Products asks for the same first page; this
 * answers them from memory instead of a query, a row mapping and a serialisation each. Any product
 * write through this process forgets them all at once, so a supplier sees their change on the next
 * request; purchases do not, so list cards may show stock up to `ttlMs` old (the product page and the
 * purchase itself always read the database), and so may another API process's writes.
 */
export function createPageCache(options: { ttlMs?: number; maxBytes?: number; now?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? 1_000;
  const maxBytes = options.maxBytes ?? 16 * 2 ** 20;
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedPage & { expires: number }>();
  let bytes = 0;
  // A page read before a write and stored after it would bring back what the write changed.
  let generation = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  };

  return {
    generation: () => generation,
    get(key: string): CachedPage | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires > now()) return entry;
      remove(key);
      return undefined;
    },
    set(key: string, page: CachedPage, startedAt: number) {
      if (startedAt !== generation || page.body.length > maxBytes / 4) return;
      remove(key);
      // Map iteration is insertion order: the first keys are the oldest.
      for (const oldest of entries.keys()) {
        if (bytes + page.body.length <= maxBytes) break;
        remove(oldest);
      }
      entries.set(key, { ...page, expires: now() + ttlMs });
      bytes += page.body.length;
    },
    invalidate() {
      generation++;
      entries.clear();
      bytes = 0;
    },
  };
}
export type PageCache = ReturnType<typeof createPageCache>;
