// What the browse and scale benches share to collect the URLs buyers page through (setup, not load).

/** Runs `fn` over `items`, `n` at a time: bounded concurrency for setup, not a load. */
export async function pool(items, n, fn) {
  const out = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/** Two typos of a word, as buyers make them: two letters swapped, one dropped. */
export const typos = (w) => [w.slice(0, 1) + w[2] + w[1] + w.slice(3), w.slice(0, 2) + w.slice(3)];

/**
 * The first page of every listing a buyer can open: each sort × each category (and none) × with and
 * without the minimum-order filter. Contracts are TypeScript: the caller has registered tsx by now.
 */
export async function listingFirstPages() {
  const { PRODUCT_SORTS, PRODUCT_CATEGORIES, categorySlug, MIN_ORDER_FILTER_THRESHOLD } =
    await import('@bulkwise/contracts');
  const urls = [];
  for (const sort of [undefined, ...PRODUCT_SORTS])
    for (const category of [undefined, ...PRODUCT_CATEGORIES.map(categorySlug)])
      for (const minOrder of [false, true]) {
        const q = new URLSearchParams({ limit: '24' });
        if (sort) q.set('sort', sort);
        if (category) q.set('category', category);
        if (minOrder) q.set('minOrderOver', String(MIN_ORDER_FILTER_THRESHOLD));
        urls.push(`/api/products?${q}`);
      }
  return urls;
}
