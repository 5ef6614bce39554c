import { afterAll, beforeAll } from 'vitest';
import { seedCatalog } from '../src/db/seed/seed';
import { buildTestApp, type TestApp } from './build-test-app';
import { testClock } from './test-clock';

/**
 * The file's test app: built (and, with `seed`, given the seed catalogue) before its tests, closed after
 * them. The object is filled in by the `beforeAll`, so read it inside hooks and tests only.
 */
export function useTestApp(options: Parameters<typeof buildTestApp>[0] & { seed?: boolean } = {}): TestApp {
  const { seed = false, ...build } = options;
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await buildTestApp(build));
    if (seed) await seedCatalog(t.database.db);
  });
  afterAll(async () => t.close?.());
  return t;
}

/** The file's test app on a test clock the file moves (expiry, due dates, limits): no test sleeps. */
export function useClockedTestApp(start?: Date) {
  const clock = testClock(start);
  return { clock, t: useTestApp({ clock: clock.now }) };
}
