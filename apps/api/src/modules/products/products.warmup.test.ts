import { ProductSchema, type Product } from '@bulkwise/contracts';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { createProduct, makeUser, purchase } from '../../../test/factories';
import { ENTRY_OVERHEAD_BYTES, createResponseCache } from '../../lib/cache/cache';
import { productTag } from './products.cache';
import { toPublicProduct } from './products.mapper';
import { createProductsRepository } from './products.repository';
import { keepProductCacheWarm, warmProductCache } from './products.warmup';

// The warm-up reads the real catalog through the real service; the app beside it makes the writes.
let ids: string[];
const serialize = serializerCompiler({
  schema: ProductSchema,
  method: 'GET',
  url: '/products/:id',
  httpStatus: '200',
});
const silent = () => {};

const t = useTestApp();
beforeAll(async () => {
  const supplier = makeUser('supplier');
  ids = [];
  for (let i = 0; i < 7; i++)
    ids.push((await createProduct(t, supplier, { mainQuantity: 300, minSellingQuantity: 10 }))._id);
});

// What the products service's scan() does: the repository's rows in id order, as the public product.
const service = () => {
  const repository = createProductsRepository(t.database.db);
  return {
    scan: async (afterId: string | undefined, limit: number) =>
      (await repository.scanById(afterId, limit)).map(toPublicProduct),
  };
};

describe('product cache warm-up', () => {
  it('holds every product, byte for byte what GET /api/products/:id answers', async () => {
    const cache = createResponseCache();
    const warm = warmProductCache({ cache, scan: service().scan, serialize, log: silent, batch: 3 });
    expect(await warm.done).toBe(ids.length);
    for (const id of ids) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
      expect(cache.get(id)?.body).toBe(res.body);
    }
  });

  it('refuses from a batch the product a write changed while it was read, so its old stock is never served, and keeps the rest', async () => {
    const cache = createResponseCache();
    const products = service();
    const bought = ids[0]!;
    let first = true;
    const warm = warmProductCache({
      cache,
      log: silent,
      serialize,
      batch: 100,
      // The purchase commits after the batch was read and before it is stored: what a buyer could race.
      scan: async (afterId, limit) => {
        const rows = await products.scan(afterId, limit);
        if (first) {
          first = false;
          await purchase(t, makeUser('buyer'), bought, 10);
          cache.invalidate([productTag(bought)]);
        }
        return rows;
      },
    });
    expect(await warm.done).toBe(ids.length - 1);
    expect(cache.get(bought)).toBeUndefined();
    expect(cache.get(ids[1]!)).toBeDefined();
    expect(
      ((await t.app.inject({ method: 'GET', url: `/api/products/${bought}` })).json() as Product)
        .mainQuantity,
    ).toBe(290);
  });

  it('stops when the cache is nearly full instead of evicting what it stored', async () => {
    // Room for four products: bodies and the entries that hold them.
    const one = serialize((await service().scan(undefined, 1))[0]).length + ENTRY_OVERHEAD_BYTES;
    const cache = createResponseCache({ maxBytes: one * 4 });
    const stored = await warmProductCache({
      cache,
      scan: service().scan,
      serialize,
      log: silent,
      batch: 1,
      fill: 0.5,
    }).done;
    expect(stored).toBeGreaterThanOrEqual(2);
    expect(stored).toBeLessThan(ids.length);
    expect(cache.stats().bytes).toBeLessThanOrEqual(one * 4);
  });

  it('fills the cache again after it is emptied as a whole, and not while it is turned off', async () => {
    const cache = createResponseCache();
    let scans = 0;
    const scan = async (afterId: string | undefined, limit: number) => {
      scans++;
      return service().scan(afterId, limit);
    };
    const warm = keepProductCacheWarm({ cache, scan, serialize, log: silent, batch: 3 });
    try {
      expect(await warm.done).toBe(ids.length);

      // What the bus does when another instance vanished: every entry goes.
      cache.invalidate(['*']);
      expect(cache.stats().entries).toBe(0);
      expect(await warm.done).toBe(ids.length);
      for (const id of ids) {
        const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
        expect(cache.get(id)?.body).toBe(res.body);
      }

      // The listener is down: nothing may be stored, so nothing is read for it either.
      cache.setEnabled(false);
      const scansWhileOff = scans;
      cache.invalidate(['*']);
      expect(cache.stats().entries).toBe(0);
      expect(scans).toBe(scansWhileOff);

      // The listener is back: warmed again.
      cache.setEnabled(true);
      expect(await warm.done).toBe(ids.length);
      expect(cache.stats().entries).toBe(ids.length);
    } finally {
      warm.stop();
    }
  });

  it('stops warming for good once stopped', async () => {
    const cache = createResponseCache();
    const warm = keepProductCacheWarm({ cache, scan: service().scan, serialize, log: silent, batch: 3 });
    await warm.done;
    warm.stop();
    cache.invalidate(['*']);
    await warm.done;
    expect(cache.stats().entries).toBe(0);
  });
});
