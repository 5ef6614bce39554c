import { categorySlug } from '@bulkwise/contracts';
import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { categories, products } from '../schema';
import { SEED_CATEGORIES, SEED_PRODUCTS } from './catalog';
import { DEMO_ACCOUNTS, DEMO_SUPPLIERS } from './demo-accounts';

/** Loads the demo catalog into an empty database (first start only); returns whether it did. */
export async function seedCatalog(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(categories);
    if (Number(row?.n ?? 0) > 0) return false;
    await tx
      .insert(categories)
      .values(SEED_CATEGORIES.map((c, position) => ({ ...c, slug: categorySlug(c.name), position })));
    const owners = new Map(DEMO_SUPPLIERS.map((s) => [s.uid, s]));
    // Spread creation times so "newest first" is a stable, meaningful order.
    const base = Date.UTC(2026, 9, 1);
    await tx.insert(products).values(
      SEED_PRODUCTS.map(({ ownerUid, ...p }, i) => {
        const owner = owners.get(ownerUid);
        if (!owner) throw new Error(`seed product ${p.name} has an unknown owner ${ownerUid}`);
        return {
          ...p,
          categorySlug: categorySlug(p.category),
          ownerUid,
          userEmail: owner.email,
          userName: owner.displayName,
          createdAt: new Date(base + i * 3_600_000),
          updatedAt: new Date(base + i * 3_600_000),
        };
      }),
    );
    return true;
  });
}

/**
 * Creates the demo accounts in the Firebase Auth emulator when missing. Only ever called in emulator
 * mode: their passwords are public.
 */
export async function seedDemoAccounts(projectId: string, publicUrl: string): Promise<number> {
  const { getApps, initializeApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const name = `bulkwise-seed-${projectId}`;
  const auth = getAuth(getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name));
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    try {
      // Firebase wants an absolute photo URL; the avatars ship with the web app.
      await auth.createUser({ ...account, photoURL: `${publicUrl}${account.photoURL}`, emailVerified: true });
      created++;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== 'auth/uid-already-exists' && code !== 'auth/email-already-exists') throw err;
    }
  }
  return created;
}
