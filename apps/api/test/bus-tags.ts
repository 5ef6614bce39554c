import { sql, type SQL } from 'drizzle-orm';
import { INVALIDATION_CHANNEL } from '../src/lib/cache/bus';
import type { TestApp } from './build-test-app';

/**
 * Listens on the invalidation channel as another instance would. `tagsOf` runs one statement and answers
 * the tags its notifications named that `keep` accepts, sorted: a marker sent after it ends them (one
 * session's notifications arrive in commit order).
 */
export async function listenForTags(t: TestApp) {
  const heard: string[] = [];
  const listener = t.database.listen(INVALIDATION_CHANNEL, {
    onMessage: (payload) => heard.push(payload),
    onState: () => {},
  });
  await listener.ready;
  let marks = 0;
  return {
    async tagsOf(statement: SQL, keep: (tag: string) => boolean): Promise<string[]> {
      const mark = `test-mark:${++marks}`;
      const from = heard.length;
      await t.database.db.execute(statement);
      await t.database.db.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${mark})`);
      while (!heard.includes(mark)) await new Promise((resolve) => setImmediate(resolve));
      return heard
        .slice(from, heard.indexOf(mark))
        .flatMap((p) => p.split(','))
        .filter(keep)
        .sort();
    },
    close: () => listener.close(),
  };
}
