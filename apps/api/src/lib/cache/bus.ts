import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import type { Listener } from '../../db/listen';
import { liveMembers } from '../instances/members';
import type { ResponseCache } from './cache';

/**
 * The channel that the products, orders, invoices and quotes triggers (defined in migrations 0003, 0009, 0011,
 * 0013, 0027 and 0028, redefined in 0019 and 0026) and `publish` notify; decision 0010 lists every tag.
 */
export const INVALIDATION_CHANNEL = 'bulkwise_invalidate';

/** NOTIFY refuses payloads of 8000 bytes or more; tags are ASCII. */
const MAX_PAYLOAD = 7000;
/** Messages about members on the channel, never tags (tags are `kind:id`, such as `product:<id>`, or `*`). */
const HELLO = 'hello:';
const BYE = 'bye:';

/** `tags` joined by commas into as few payloads as fit a notification. */
export function payloadsOf(tags: Iterable<string>): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const tag of tags) {
    if (current && current.length + 1 + tag.length > MAX_PAYLOAD) {
      payloads.push(current);
      current = '';
    }
    current = current ? `${current},${tag}` : tag;
  }
  if (current) payloads.push(current);
  return payloads;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * Carries invalidations to every response cache of this process at once, and from every other API
 * process on the same database through PostgreSQL LISTEN/NOTIFY (docs/decisions/0010-many-instances.md).
 * Writes need no call to reach other processes: triggers notify when they commit. The writing process
 * must still call `invalidate` before it answers, because its own notification arrives a moment after
 * the commit and a read in that moment must not see the old value.
 *
 * The purchase is the exception: its transaction tells the triggers to stay silent (a NOTIFY in a write
 * transaction serialises the commits of the whole database) and calls `publish` with the same tags once
 * it has committed. Concurrent purchases share one notification: while one is being sent, the next
 * collects every tag published meanwhile.
 *
 * A process that dies between such a commit and its notification leaves other processes' caches stale.
 * So on PostgreSQL the bus knows the API processes on the database (lib/instances/members.ts), checks
 * every `membersEveryMs`, and drops every cached response when one is gone without its `bye` (sent on
 * close, after its last notification). Caches are on only while the listener is connected and that list
 * is known.
 *
 * While the listening connection is down, notifications can be lost, so every cache is turned off
 * (reads go to the database) until LISTEN is back; turning it on again starts from an empty cache.
 */
export function createInvalidationBus(
  options: {
    log?: (msg: string) => void;
    /** Failures that cost other processes something (a hello or bye they never heard). */
    warn?: (msg: string, err: unknown) => void;
    membersEveryMs?: number;
  } = {},
) {
  const log = options.log ?? (() => {});
  const warn = options.warn ?? (() => {});
  const caches = new Set<ResponseCache>();
  let listener: Listener | undefined;
  let db: Db | undefined;
  let self: string | undefined;
  let listening = false;
  let enabled = false;
  let closed = false;
  let received = 0;

  const invalidate = (tags: readonly string[]) => {
    if (tags.length === 0) return;
    for (const cache of caches) cache.invalidate(tags);
  };

  const setCaches = (on: boolean) => {
    if (enabled === on) return;
    enabled = on;
    for (const cache of caches) cache.setEnabled(on);
    log(
      on ? 'cache invalidation bus connected: caches on' : 'cache invalidation bus disconnected: caches off',
    );
  };

  const notify = async (payloads: string[]) => {
    if (!db || payloads.length === 0) return;
    await db.execute(
      sql`select pg_notify(${INVALIDATION_CHANNEL}, p) from json_array_elements_text(${JSON.stringify(payloads)}::json) p`,
    );
  };

  // --- members: who may commit without notifying (PostgreSQL only) ---
  /**
   * The members: the first check's sessions, then those that said hello, less those gone; undefined until
   * the first check.
   */
  let known: Set<string> | undefined;
  /** One set per running check: the hellos heard while it ran (its snapshot may predate them). */
  const hearing = new Set<Set<string>>();
  /** Said bye: their absence is expected. */
  const departed = new Set<string>();
  let membersTimer: NodeJS.Timeout | undefined;
  let checks = 0;

  async function checkMembers() {
    if (!db || !self) return;
    const heard = new Set<string>();
    hearing.add(heard);
    let live: Set<string>;
    try {
      live = await liveMembers(db);
    } finally {
      hearing.delete(heard);
    }
    const before = known;
    // After the first check a process becomes a member only by saying hello (every API process does before
    // it writes): a script that opens the API's database handle and closes it again is no lost instance.
    known = before
      ? new Set([...[...live].filter((name) => before.has(name)), ...heard])
      : new Set([...live, ...heard]);
    checks++;
    if (!before) return;
    const lost = [...before].filter((name) => name !== self && !known!.has(name) && !departed.has(name));
    for (const name of departed) if (!known.has(name)) departed.delete(name);
    if (lost.length > 0) {
      log(
        `API instance ${lost.join(', ')} is gone without saying so: it may have committed writes it never announced; dropping every cached response`,
      );
      invalidate(['*']);
    }
  }

  /** A members check, then caches on if the listener is still up (on PostgreSQL, not before the first check). */
  let checkFailing = false;
  async function refresh() {
    try {
      await checkMembers();
      checkFailing = false;
      if (listening && !closed) setCaches(true);
    } catch (err) {
      // The listener's ping notices an outage and turns the caches off; the next check tries again.
      if (!checkFailing)
        log(`could not list the API instances: ${err instanceof Error ? err.message : String(err)}`);
      checkFailing = true;
    }
  }

  // --- publishing after a commit ---
  let pending = new Set<string>();
  let waiters: Array<() => void> = [];
  let sending: Promise<void> | undefined;

  async function drain() {
    let backoff = 25;
    while (pending.size > 0) {
      const tags = pending;
      const done = waiters;
      pending = new Set();
      waiters = [];
      try {
        await notify(payloadsOf(tags));
        backoff = 25;
      } catch (err) {
        // The commits happened: their tags stay due and are sent again. Their writers answer meanwhile
        // (a purchase must not hang on an outage); if this process cannot reach the database, its
        // sessions end and other processes drop their caches (members check).
        for (const tag of tags) pending.add(tag);
        log(
          `could not publish ${tags.size} invalidation tags, retrying: ${err instanceof Error ? err.message : String(err)}`,
        );
        if (closed) pending.clear();
        else await sleep(backoff);
        backoff = Math.min(backoff * 2, 1_000);
      } finally {
        for (const resolve of done) resolve();
      }
    }
    sending = undefined;
  }

  return {
    register(cache: ResponseCache) {
      caches.add(cache);
      cache.setEnabled(enabled);
    },
    /** Drops what was read from `tags` in this process, synchronously. */
    invalidate,
    /**
     * For a transaction that deferred its triggers' NOTIFY (`bulkwise.defer_notify`), once it has
     * committed: drops `tags` here at once and resolves when the notification carrying them to every
     * other process has been sent (or failed once; it is retried).
     */
    publish(tags: readonly string[]): Promise<void> {
      invalidate(tags);
      if (!db || closed || tags.length === 0) return Promise.resolve();
      for (const tag of tags) pending.add(tag);
      const sent = new Promise<void>((resolve) => waiters.push(resolve));
      sending ??= drain();
      return sent;
    },
    /** Starts listening; resolves when the first LISTEN is in place (or failed: caches stay off meanwhile). */
    async start(database: Pick<Database, 'listen'> & Partial<Pick<Database, 'db' | 'memberName'>>) {
      db = database.db;
      self = database.memberName;
      listener = database.listen(INVALIDATION_CHANNEL, {
        onMessage: (payload) => {
          received++;
          if (payload.startsWith(HELLO)) {
            const name = payload.slice(HELLO.length);
            known?.add(name);
            for (const heard of hearing) heard.add(name);
          } else if (payload.startsWith(BYE)) departed.add(payload.slice(BYE.length));
          else invalidate(payload === '*' ? ['*'] : payload.split(','));
        },
        onState: (up) => {
          listening = up;
          if (!up) {
            // Whoever left while we were deaf is unknown: start the list again when LISTEN is back.
            known = undefined;
            setCaches(false);
          } else if (!self) setCaches(true);
          else void refresh();
        },
      });
      await listener.ready;
      if (!self || !db) return;
      await refresh();
      // Before this process may write: the others know it from now on, even if it dies before their next check.
      // Not fatal (the others' next members check finds this process), but until then a purchase here
      // that dies before its notification would go unnoticed by them: say so.
      await notify([`${HELLO}${self}`]).catch((err: unknown) =>
        warn(`could not announce this API instance (${self}) to the others on the database`, err),
      );
      membersTimer = setInterval(() => void refresh(), options.membersEveryMs ?? 1_000);
      membersTimer.unref();
    },
    isConnected: () => enabled,
    /** The API processes this one knows on the database (PostgreSQL; undefined before the first check). */
    members: (): ReadonlySet<string> | undefined => known,
    /** How many members checks have completed. */
    checks: () => checks,
    received: () => received,
    async close() {
      closed = true;
      clearInterval(membersTimer);
      await sending;
      // Every notification this process owed is out: its absence from now on means nothing was lost.
      // Without the bye the others take this process for one that died and empty their caches once.
      if (self)
        await notify([`${BYE}${self}`]).catch((err: unknown) =>
          warn(
            `could not say bye for this API instance (${self}): the others will drop their caches once`,
            err,
          ),
        );
      await listener?.close();
      listener = undefined;
      listening = false;
      setCaches(false);
    },
  };
}
export type InvalidationBus = ReturnType<typeof createInvalidationBus>;
