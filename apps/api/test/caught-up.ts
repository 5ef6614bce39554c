import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { INVALIDATION_CHANNEL } from '../src/lib/cache/bus';
import { productTag } from '../src/modules/products/products.cache';
import type { TestApp } from './build-test-app';
import { within } from './within';

const nameOf = async (app: FastifyInstance, id: string) =>
  ((await app.inject({ method: 'GET', url: `/api/products/${id}` })).json() as { name: string }).name;

/** A canary for `caughtUp`: the newest seed product, taken before the test lists any of its own. */
export async function seedCanary(t: TestApp): Promise<string> {
  const [newest] = (await t.app.inject({ method: 'GET', url: '/api/products?limit=1' })).json() as Array<{
    _id: string;
  }>;
  if (!newest) throw new Error('the seed catalogue has no product');
  return newest._id;
}

/** Renames a product without telling any instance: a page that still shows the old name was kept. */
export const renameWithoutNotice = (t: TestApp, id: string, name: string) =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('bulkwise.defer_notify', 'on', true)`);
    await tx.execute(sql`update products set name = ${name} where id = ${id}`);
  });

/**
 * Resolves once each of `apps` has handled every notification committed before the call. The canary, a
 * product nothing else in the test touches, is read (kept) on each, renamed without a notification, then
 * named by one: notifications reach a listener in commit order, so an instance that shows the new name
 * has handled everything sent before it.
 */
export async function caughtUp(t: TestApp, apps: FastifyInstance[], canaryId: string) {
  for (const app of apps) await nameOf(app, canaryId);
  const marker = `Canary ${randomUUID()}`;
  await renameWithoutNotice(t, canaryId, marker);
  await t.database.db.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${productTag(canaryId)})`);
  for (const app of apps)
    await within(
      1_000,
      () => nameOf(app, canaryId),
      (name) => name === marker,
    );
}
