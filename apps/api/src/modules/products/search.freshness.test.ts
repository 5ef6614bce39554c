import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { caughtUp, seedCanary } from '../../../test/caught-up';
import { createProduct, makeUser, purchase, updateProduct } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';
import { within } from '../../../test/within';

// Search answers are kept per word (search.tags.ts): these prove an edit drops exactly the searches its
// words reach, on the instance that wrote it at once and on the others when they hear it.
let b: FastifyInstance;
const t = useTestApp({ seed: true });
beforeAll(async () => {
  b = await t.peer();
});

type Found = { _id: string; price: number; mainQuantity: number };
const search = async (app: FastifyInstance, q: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(q)}&limit=24` });
  return { items: res.json() as Found[], total: Number(res.headers['x-total-count']) };
};
const suggest = async (app: FastifyInstance, q: string) =>
  (
    await app.inject({ method: 'GET', url: `/api/products/suggest?q=${encodeURIComponent(q)}` })
  ).json() as Array<{
    _id: string;
    name: string;
  }>;

/** A price only the database knows (no notification): an answer that still shows the old one was kept. */
const repriceQuietly = (id: string, price: string) =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('bulkwise.defer_notify', 'on', true)`);
    await tx.execute(sql`update products set price = ${price} where id = ${id}`);
  });

describe('a kept search answer', () => {
  it('stays through edits of other words and purchases of products it does not show, and goes when a word it reads changes', async () => {
    const canary = await seedCanary(t);
    const supplier = makeUser('supplier');
    const found = await createProduct(t, supplier, { name: 'Quillon edge guards', price: 3 });
    const other = await createProduct(t, supplier, { name: 'Corner protectors', mainQuantity: 500 });
    await caughtUp(t, [t.app, b], canary);
    for (const app of [t.app, b])
      expect((await search(app, 'quillon')).items.map((p) => p._id)).toEqual([found._id]);
    await repriceQuietly(found._id, '4.00');

    // An edit of another product's words, and a purchase of it: nothing "quillon" reaches.
    expect(
      (await updateProduct(t, supplier, other._id, { name: 'Corner protectors', description: 'Heavy duty.' }))
        .statusCode,
    ).toBe(200);
    expect((await purchase(t, makeUser('buyer'), other._id, 10)).statusCode).toBe(200);
    await caughtUp(t, [t.app, b], canary);
    for (const app of [t.app, b]) expect((await search(app, 'quillon')).items[0]?.price).toBe(3);

    // The word comes into the other product: the writer's instance shows it as soon as the write is
    // answered, the other once it hears the trigger.
    expect(
      (
        await updateProduct(t, supplier, other._id, {
          name: 'Corner protectors',
          description: 'Fits every quillon guard.',
        })
      ).statusCode,
    ).toBe(200);
    const now = await search(t.app, 'quillon');
    expect(now.total).toBe(2);
    expect(now.items.find((p) => p._id === found._id)?.price).toBe(4);
    await within(
      1_000,
      () => search(b, 'quillon'),
      (s) => s.total === 2 && s.items.some((p) => p._id === found._id && p.price === 4),
    );
  });

  it('goes when a word one letter off or a longer word it starts with comes into the catalog', async () => {
    const supplier = makeUser('supplier');
    await createProduct(t, supplier, { name: 'Marlinspike tool' });
    for (const app of [t.app, b]) expect(await suggest(app, 'marlinsp')).toHaveLength(1);
    expect((await search(t.app, 'marlinspike')).total).toBe(1);
    // A typo of the word, in a new product's name: a search for the word finds it too (one letter off).
    await createProduct(t, supplier, { name: 'Marlinspyke set' });
    expect((await search(t.app, 'marlinspike')).total).toBe(2);
    // A longer word: the prefix a buyer is still typing reaches it.
    await createProduct(t, supplier, { name: 'Marlinspikes bundle' });
    expect(await suggest(t.app, 'marlinsp')).toHaveLength(3);
    for (const q of ['marlinspike', 'marlinsp'])
      await within(
        1_000,
        async () => (q === 'marlinsp' ? (await suggest(b, q)).length : (await search(b, q)).total),
        (n) => n === 3,
      );
  });
});
