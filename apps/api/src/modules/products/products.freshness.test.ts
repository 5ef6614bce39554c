import { categorySlug } from '@bulkwise/contracts';
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import {
  bearer,
  createProduct,
  makeUser,
  purchase,
  supplierWithProduct,
  call,
  updateProduct,
} from '../../../test/factories';
import { INVALIDATION_CHANNEL } from '../../lib/cache/bus';
import { MEMBER_PREFIX } from '../../lib/instances/members';
import { ordersTag } from '../orders/orders.cache';
import { inventoryTag, productTag, stockTag } from './products.cache';
import { within } from '../../../test/within';
import { caughtUp, renameWithoutNotice, seedCanary } from '../../../test/caught-up';
import { rowsOf } from '../../db/sql';

// Caches are on in every test app: these prove a reader never sees what an acknowledged write replaced.
let b: FastifyInstance;
const t = useTestApp({ seed: true });
beforeAll(async () => {
  b = await t.peer();
});

const readProduct = async (app: FastifyInstance, id: string) =>
  (await app.inject({ method: 'GET', url: `/api/products/${id}` })).json() as {
    mainQuantity: number;
    price: number;
    name: string;
  };
const listed = async (app: FastifyInstance, id: string) => {
  const res = await app.inject({ method: 'GET', url: '/api/products?limit=500' });
  return (res.json() as Array<{ _id: string; mainQuantity: number }>).find((p) => p._id === id);
};
const categoryCount = async (app: FastifyInstance, slug: string) => {
  const res = await app.inject({ method: 'GET', url: '/api/categories' });
  return (res.json() as Array<{ slug: string; productCount: number }>).find((c) => c.slug === slug)
    ?.productCount;
};

/** Every payload on the invalidation channel from now on, as another process hears them. */
const listenToBus = async () => {
  const heard: string[] = [];
  const listener = t.database.listen(INVALIDATION_CHANNEL, {
    onMessage: (p) => heard.push(p),
    onState: () => {},
  });
  await listener.ready;
  return { heard, listener };
};

// First in the file: a later test makes every instance drop all it keeps (a vanished member), which would
// read the marker below again.
describe('what a purchase leaves cached', () => {
  const page = async (app: FastifyInstance, slug: string) =>
    (await app.inject({ method: 'GET', url: `/api/products?category=${slug}&limit=24` })).json() as Array<{
      _id: string;
      name: string;
      mainQuantity: number;
    }>;

  it('drops only the bought product and the pages it is on, here and on other instances', async () => {
    const canary = await seedCanary(t);
    const supplier = makeUser('supplier');
    const bought = await createProduct(t, supplier, {
      category: 'Office Supplies & Stationery',
      mainQuantity: 1_000,
      minSellingQuantity: 10,
    });
    const other = await createProduct(t, supplier, {
      category: 'Industrial Machinery & Tools',
      name: 'Kraft mailer boxes',
    });
    // The creations' own notifications reach every instance a moment after their commits, and drop every
    // listing there: each instance must have handled them before the pages below are kept.
    await caughtUp(t, [t.app, b], canary);
    const office = categorySlug('Office Supplies & Stationery');
    const packaging = categorySlug('Industrial Machinery & Tools');
    for (const app of [t.app, b]) {
      expect((await page(app, office)).find((p) => p._id === bought._id)?.mainQuantity).toBe(1_000);
      expect((await page(app, packaging))[0]?._id).toBe(other._id);
      expect((await readProduct(app, other._id)).name).toBe('Kraft mailer boxes');
    }
    // A marker only the database knows (no notification): whatever still shows the old name was kept.
    await renameWithoutNotice(t, other._id, 'Renamed without telling');

    expect((await purchase(t, makeUser('buyer'), bought._id, 10)).statusCode).toBe(200);

    for (const app of [t.app, b]) {
      await within(
        100,
        () => page(app, office),
        (p) => p.find((x) => x._id === bought._id)?.mainQuantity === 990,
      );
      expect((await readProduct(app, bought._id)).mainQuantity).toBe(990);
      // The packaging page and the other product's page could not have changed: still served from memory.
      expect((await page(app, packaging))[0]?.name).toBe('Kraft mailer boxes');
      expect((await readProduct(app, other._id)).name).toBe('Kraft mailer boxes');
    }
    // A write that does notify reaches them as before.
    await t.database.db.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${productTag(other._id)})`);
    for (const app of [t.app, b]) {
      await within(
        1_000,
        () => page(app, packaging),
        (p) => p[0]?.name === 'Renamed without telling',
      );
    }
  });
});

describe('cached reads after an acknowledged write', () => {
  it('show the new stock on the same instance at once: product page, listing and its 304', async () => {
    const product = await createProduct(t, makeUser('supplier'), {
      mainQuantity: 500,
      minSellingQuantity: 10,
    });
    // Fill every cache first, twice, so the second read is a hit.
    for (let i = 0; i < 2; i++) {
      expect((await readProduct(t.app, product._id)).mainQuantity).toBe(500);
      expect((await listed(t.app, product._id))?.mainQuantity).toBe(500);
    }
    const first = await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/products/${product._id}`,
          headers: { 'if-none-match': etag },
        })
      ).statusCode,
    ).toBe(304);

    const res = await purchase(t, makeUser('buyer'), product._id, 30);
    expect(res.json()).toMatchObject({ updatedQuantity: 470 });
    expect((await readProduct(t.app, product._id)).mainQuantity).toBe(470);
    expect((await listed(t.app, product._id))?.mainQuantity).toBe(470);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/products/${product._id}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ mainQuantity: 470 });
  });

  it('go out compressed once per write: br and gzip decode to the same body, which changes after a purchase', async () => {
    const product = await createProduct(t, makeUser('supplier'), {
      mainQuantity: 800,
      minSellingQuantity: 1,
    });
    const get = (encoding: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/products?limit=500',
        headers: { 'accept-encoding': encoding },
      });
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    await purchase(t, makeUser('buyer'), product._id, 8);
    const after = JSON.parse(brotliDecompressSync((await get('br')).rawPayload).toString()) as Array<{
      _id: string;
      mainQuantity: number;
    }>;
    expect(after.find((p) => p._id === product._id)?.mainQuantity).toBe(792);
  });

  it('go out uncompressed as the same bytes every time (kept once), with their length, until a write changes them', async () => {
    const product = await createProduct(t, makeUser('supplier'), {
      name: 'Crème brûlée torch (case of 12)',
      mainQuantity: 600,
      minSellingQuantity: 1,
    });
    const get = () => t.app.inject({ method: 'GET', url: '/api/products?limit=500' });
    const [first, second] = [await get(), await get()];
    for (const res of [first, second]) {
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
    expect(first.rawPayload.length).toBeGreaterThan(1024);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(
      first.json<Array<{ name: string }>>().some((p) => p.name === 'Crème brûlée torch (case of 12)'),
    ).toBe(true);
    await purchase(t, makeUser('buyer'), product._id, 6);
    const after = (await get()).json<Array<{ _id: string; mainQuantity: number }>>();
    expect(after.find((p) => p._id === product._id)?.mainQuantity).toBe(594);
  });

  it('show a purchase made on one instance on another within 100 ms', async () => {
    const owner = makeUser('supplier');
    const product = await createProduct(t, owner, {
      mainQuantity: 300,
      minSellingQuantity: 5,
    });
    expect((await readProduct(b, product._id)).mainQuantity).toBe(300);
    expect((await listed(b, product._id))?.mainQuantity).toBe(300);
    await purchase(t, makeUser('buyer'), product._id, 25);
    await within(
      100,
      () => readProduct(b, product._id),
      (p) => p.mainQuantity === 275,
    );
    await within(
      100,
      () => listed(b, product._id),
      (p) => p?.mainQuantity === 275,
    );
    // And back: a cart removal on the second instance restores the stock the first one shows.
    const buyer = makeUser('buyer');
    const bought = (await purchase(t, buyer, product._id, 5)).json() as { cartItemId: string };
    expect((await readProduct(t.app, product._id)).mainQuantity).toBe(270);
    const removed = await b.inject({
      method: 'DELETE',
      url: `/api/cart/${bought.cartItemId}`,
      headers: await bearer(t, buyer),
    });
    expect(removed.statusCode).toBe(200);
    await within(
      100,
      () => readProduct(t.app, product._id),
      (p) => p.mainQuantity === 275,
    );
  });

  it('show an update, a new product and a deletion made on one instance on another within 100 ms', async () => {
    const owner = makeUser('supplier');
    const category = 'Electronics & Gadgets';
    const slug = categorySlug(category);
    const before = await categoryCount(b, slug);
    const product = await createProduct(t, owner, { category, price: 10 });
    await within(
      100,
      () => categoryCount(b, slug),
      (n) => n === (before ?? 0) + 1,
    );
    expect((await readProduct(b, product._id)).price).toBe(10);
    const update = await updateProduct(t, owner, product._id, {
      category,
      price: 11.25,
      name: 'Renamed bolts',
    });
    expect(update.statusCode).toBe(200);
    await within(
      100,
      () => readProduct(b, product._id),
      (p) => p.price === 11.25 && p.name === 'Renamed bolts',
    );
    const removed = await call(t, owner, 'DELETE', `/api/products/${product._id}`);
    expect(removed.statusCode).toBe(200);
    await within(
      100,
      () => b.inject({ method: 'GET', url: `/api/products/${product._id}` }),
      (r) => r.statusCode === 404,
    );
    await within(
      100,
      () => categoryCount(b, slug),
      (n) => n === before,
    );
  });

  it('show a write made outside the API (a script on the database) on every instance within 100 ms', async () => {
    const product = await createProduct(t, makeUser('supplier'), {
      mainQuantity: 100,
      minSellingQuantity: 1,
    });
    expect((await readProduct(t.app, product._id)).mainQuantity).toBe(100);
    expect((await readProduct(b, product._id)).mainQuantity).toBe(100);
    await t.database.db.execute(sql`update products set main_quantity = 99 where id = ${product._id}`);
    await within(
      100,
      () => readProduct(t.app, product._id),
      (p) => p.mainQuantity === 99,
    );
    await within(
      100,
      () => readProduct(b, product._id),
      (p) => p.mainQuantity === 99,
    );
  });

  it('get a purchase from the bus once, after its commit: its transaction sends nothing from the triggers', async () => {
    const { supplier, product } = await supplierWithProduct(t, { mainQuantity: 200, minSellingQuantity: 10 });
    const { heard, listener } = await listenToBus();
    try {
      expect((await purchase(t, makeUser('buyer'), product._id, 10)).statusCode).toBe(200);
      const published = `${stockTag(product._id)},${ordersTag(supplier.uid)}`;
      await within(
        1_000,
        async () => heard,
        (h) => h.includes(published),
      );
      // Notifications arrive in commit order: the triggers' would come before the published one.
      const about = heard.filter((p) => p.includes(product._id) || p.includes(ordersTag(supplier.uid)));
      expect(about).toEqual([published]);
      // Any other transaction still notifies from the trigger, at its commit.
      await t.database.db.execute(sql`update products set main_quantity = 150 where id = ${product._id}`);
      await within(
        1_000,
        async () => heard,
        (h) => h.includes(`${stockTag(product._id)},${inventoryTag(supplier.uid)}`),
      );
    } finally {
      await listener.close();
    }
  });

  it('name what a write outside the API changed: stock alone, other fields, the search words that changed', async () => {
    const owner = makeUser('supplier');
    const product = await createProduct(t, owner, {
      mainQuantity: 300,
      minSellingQuantity: 10,
    });
    const { heard, listener } = await listenToBus();
    const after = async (update: ReturnType<typeof sql>) => {
      heard.length = 0;
      await t.database.db.execute(update);
      await within(
        1_000,
        async () => heard,
        (h) => h.some((p) => p.includes(product._id)),
      );
      return heard.find((p) => p.includes(product._id))!.split(',');
    };
    const words = (...list: string[]) => list.map((w) => `word:${w}`);
    try {
      // Each also names the owner, whose insights inventory reads all their products.
      const inventory = inventoryTag(owner.uid);
      expect(await after(sql`update products set main_quantity = 250 where id = ${product._id}`)).toEqual([
        stockTag(product._id),
        inventory,
      ]);
      expect(await after(sql`update products set price = price + 1.25 where id = ${product._id}`)).toEqual([
        productTag(product._id),
        inventory,
      ]);
      // 'Galvanised bolts M10' renamed: the words that went and came, not those of the other fields.
      const renamed = await after(
        sql`update products set name = 'Corrugated pallet wrap' where id = ${product._id}`,
      );
      expect(renamed.slice(0, 2)).toEqual([productTag(product._id), inventory]);
      expect(renamed.slice(2).sort()).toEqual(
        words('bolts', 'corrugated', 'galvanised', 'm10', 'pallet', 'wrap'),
      );
      // A word added at the end of the description; a word that moves to another field (brand).
      expect(
        await after(
          sql`update products set description = description || ' Restocked.' where id = ${product._id}`,
        ),
      ).toEqual([productTag(product._id), inventory, ...words('restocked')]);
      expect(
        (await after(sql`update products set brand_name = 'Pallet' where id = ${product._id}`))
          .slice(2)
          .sort(),
      ).toEqual(words('fastenco', 'pallet'));
      // Gone: every word it had.
      const deleted = await after(sql`delete from products where id = ${product._id}`);
      expect(deleted.slice(0, 2)).toEqual([productTag(product._id), inventory]);
      expect(deleted.slice(2).sort()).toEqual(
        words(
          '250',
          'box',
          'corrugated',
          'industrial',
          'machinery',
          'of',
          'pallet',
          'plated',
          'restocked',
          'tools',
          'wrap',
          'zinc',
        ),
      );
    } finally {
      await listener.close();
    }
  });

  it('say text:all instead of the words when one statement changes the text of more than 100 products', async () => {
    const supplier = makeUser('supplier');
    for (let i = 0; i < 101; i++) await createProduct(t, supplier, { name: `Bulk crate ${i}` });
    const { heard, listener } = await listenToBus();
    try {
      const ids = (
        await rowsOf<{ id: string }>(
          t.database.db,
          sql`update products set description = description || ' Restocked.'
            where id in (select id from products order by id limit 101) returning id`,
        )
      ).map((r) => r.id);
      expect(ids).toHaveLength(101);
      // One notification names them all (each creation's own named one product).
      const names = (p: string) => ids.every((id) => p.split(',').includes(productTag(id)));
      await within(
        1_000,
        async () => heard,
        (h) => h.some(names),
      );
      const tags = heard.find(names)!.split(',');
      expect(tags).toContain('text:all');
      expect(tags.filter((tag) => tag.startsWith('word:'))).toEqual([]);
    } finally {
      await listener.close();
    }
  });

  it('show a write whose instance died before announcing it, on every other instance once its sessions are gone', async () => {
    const product = await createProduct(t, makeUser('supplier'), {
      mainQuantity: 100,
      minSellingQuantity: 1,
    });
    for (const app of [t.app, b]) expect((await readProduct(app, product._id)).mainQuantity).toBe(100);
    // Another API process, as the database sees one: sessions named like it, a hello on start.
    const name = `${MEMBER_PREFIX}${randomUUID()}`;
    const other = new pg.Client({
      connectionString: (t.database as { url?: string }).url,
      application_name: name,
    });
    other.on('error', () => {});
    await other.connect();
    await other.query('select pg_notify($1, $2)', [INVALIDATION_CHANNEL, `hello:${name}`]);
    // It commits a purchase-like write with the triggers' NOTIFY deferred ...
    await other.query('begin');
    await other.query(`select set_config('bulkwise.defer_notify', 'on', true)`);
    await other.query('update products set main_quantity = 90 where id = $1', [product._id]);
    await other.query('commit');
    // ... and is killed before its post-commit NOTIFY: nobody has been told. (Not asserted here: any
    // other flush of the caches may already show 90, which is only fresher.)
    (other as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    // The members check (every second) finds it gone without its bye and drops every cached response.
    for (const app of [t.app, b])
      await within(
        3_000,
        () => readProduct(app, product._id),
        (p) => p.mainQuantity === 90,
      );
  });
});
