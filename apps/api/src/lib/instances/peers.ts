import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

const CHANNEL = 'bulkwise_instances';

/**
 * Without Redis each instance counts rate limits alone, which is only right when it is alone. Every
 * instance announces itself on the database now and then; the first time one hears another, it calls
 * `onPeer` once (the warning), whatever INSTANCES says.
 */
export function watchForPeers(options: {
  database: Pick<Database, 'db' | 'listen'>;
  onPeer: () => void;
  intervalMs?: number;
  /** A failed announcement (debug: the database outage behind it is reported elsewhere). */
  log?: (msg: string, err: unknown) => void;
}) {
  const id = randomUUID();
  let heard = false;
  const listener = options.database.listen(CHANNEL, {
    onMessage: (payload) => {
      if (payload === id || heard) return;
      heard = true;
      options.onPeer();
    },
    onState: () => {},
  });
  const announce = () =>
    options.database.db.execute(sql`select pg_notify(${CHANNEL}, ${id})`).then(
      () => undefined,
      // The next announcement tries again; a peer hears of this one a little later.
      (err: unknown) => options.log?.('could not announce this API instance to its peers', err),
    );
  void listener.ready.then(announce);
  const timer = setInterval(announce, options.intervalMs ?? 15_000);
  timer.unref();
  return {
    async close() {
      clearInterval(timer);
      await listener.close();
    },
  };
}
