import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import type { Listener } from '../../db/listen';
import { createMembers } from './bus-members';
import { createPublisher } from './bus-publish';
import { createSync } from './bus-sync';
import type { ResponseCache } from './cache';
import { cacheTotals } from './totals';

/**
 * The channel that the products, orders, invoices and quotes triggers (defined in migrations 0003, 0009, 0011,
 * 0013, 0027 and 0028, redefined in 0019, 0026 and 0030) and `publish` notify; decision 0010 lists every tag.
 */
export const INVALIDATION_CHANNEL = 'bulkwise_invalidate';

/** Messages about members on the channel, never tags (tags are `kind:id`, such as `product:<id>`, or `*`). */
const HELLO = 'hello:';
const BYE = 'bye:';

interface BusState {
  caches: Set<ResponseCache>;
  log: (msg: string) => void;
  warn: (msg: string, err: unknown) => void;
  listener?: Listener;
  db?: Db;
  self?: string;
  listening: boolean;
  enabled: boolean;
  closed: boolean;
  received: number;
  checkFailing: boolean;
  membersTimer?: NodeJS.Timeout;
  members: ReturnType<typeof createMembers>;
  publisher: ReturnType<typeof createPublisher>;
  sync: ReturnType<typeof createSync>;
  /** What a heard or given list of tags drops (search words widen into their spellings: search.tags.ts). */
  expand: (tags: readonly string[]) => readonly string[];
}

function invalidate(state: BusState, given: readonly string[]) {
  if (given.length === 0) return;
  const tags = state.expand(given);
  for (const cache of state.caches) cache.invalidate(tags);
}

function setCaches(state: BusState, on: boolean) {
  if (state.enabled === on) return;
  state.enabled = on;
  for (const cache of state.caches) cache.setEnabled(on);
  state.log(
    on ? 'cache invalidation bus connected: caches on' : 'cache invalidation bus disconnected: caches off',
  );
}

async function notify(state: BusState, payloads: string[]) {
  if (!state.db || payloads.length === 0) return;
  await state.db.execute(
    sql`select pg_notify(${INVALIDATION_CHANNEL}, p) from json_array_elements_text(${JSON.stringify(payloads)}::json) p`,
  );
}

/** A members check, then caches on if the listener is still up (on PostgreSQL, not before the first check). */
async function refresh(state: BusState) {
  try {
    if (state.db && state.self) await state.members.check(state.db, state.self);
    state.checkFailing = false;
    if (state.listening && !state.closed) setCaches(state, true);
  } catch (err) {
    // The listener's ping notices an outage and turns the caches off; the next check tries again.
    if (!state.checkFailing)
      state.log(`could not list the API instances: ${err instanceof Error ? err.message : String(err)}`);
    state.checkFailing = true;
  }
}

function onMessage(state: BusState, payload: string) {
  state.received++;
  if (state.sync.heard(payload)) return;
  if (payload.startsWith(HELLO)) state.members.hello(payload.slice(HELLO.length));
  else if (payload.startsWith(BYE)) state.members.bye(payload.slice(BYE.length));
  else invalidate(state, payload === '*' ? ['*'] : payload.split(','));
}

function onListening(state: BusState, up: boolean) {
  state.listening = up;
  if (!up) {
    // Whoever left while we were deaf is unknown: start the list again when LISTEN is back.
    state.members.forget();
    setCaches(state, false);
    state.sync.release();
  } else if (!state.self) setCaches(state, true);
  else void refresh(state);
}

/** Starts listening; resolves when the first LISTEN is in place (or failed: caches stay off meanwhile). */
async function start(
  state: BusState,
  database: Pick<Database, 'listen'> & Partial<Pick<Database, 'db' | 'memberName'>>,
  membersEveryMs: number,
) {
  state.db = database.db;
  state.self = database.memberName;
  state.listener = database.listen(INVALIDATION_CHANNEL, {
    onMessage: (payload) => onMessage(state, payload),
    onState: (up) => onListening(state, up),
  });
  await state.listener.ready;
  const { self } = state;
  if (!self || !state.db) return;
  await refresh(state);
  // Before this process may write: the others know it from now on, even if it dies before their next check.
  // Not fatal (the others' next members check finds this process), but until then a purchase here
  // that dies before its notification would go unnoticed by them: say so.
  await notify(state, [`${HELLO}${self}`]).catch((err: unknown) =>
    state.warn(`could not announce this API instance (${self}) to the others on the database`, err),
  );
  state.membersTimer = setInterval(() => void refresh(state), membersEveryMs);
  state.membersTimer.unref();
}

async function close(state: BusState) {
  state.closed = true;
  clearInterval(state.membersTimer);
  await state.publisher.sending();
  // Every notification this process owed is out: its absence from now on means nothing was lost.
  // Without the bye the others take this process for one that died and empty their caches once.
  const { self } = state;
  if (self)
    await notify(state, [`${BYE}${self}`]).catch((err: unknown) =>
      state.warn(
        `could not say bye for this API instance (${self}): the others will drop their caches once`,
        err,
      ),
    );
  await state.listener?.close();
  state.listener = undefined;
  state.listening = false;
  setCaches(state, false);
  state.sync.release();
}

type BusOptions = {
  log?: (msg: string) => void;
  /** Failures that cost other processes something (a hello or bye they never heard). */
  warn?: (msg: string, err: unknown) => void;
  membersEveryMs?: number;
  /** Widens tags before they drop anything (the products' search words: search.tags.ts). */
  expandTags?: (tags: readonly string[]) => readonly string[];
};

function createState(options: BusOptions): BusState {
  const log = options.log ?? (() => {});
  // Both run after `state` is made: the members' list and `sync` drop everything, or send, through it.
  const dropAll = () => invalidate(state, ['*']);
  const send = (payloads: string[]) => notify(state, payloads);
  const state: BusState = {
    caches: new Set(),
    log,
    warn: options.warn ?? (() => {}),
    listening: false,
    enabled: false,
    closed: false,
    received: 0,
    checkFailing: false,
    members: createMembers({ log, dropAll }),
    publisher: createPublisher({ notify: send, log, closed: () => state.closed }),
    sync: createSync({
      notify: send,
      dropAll,
      active: () => state.enabled && !state.closed && state.db !== undefined,
    }),
    expand: options.expandTags ?? ((tags) => tags),
  };
  return state;
}

/**
 * Carries invalidations to every response cache of this process at once, and from every other API
 * process on the same database through PostgreSQL LISTEN/NOTIFY (docs/decisions/0010-many-instances.md).
 * Writes need no call to reach other processes: triggers notify when they commit. The writing process
 * must still call `invalidate` before it answers, because its own notification arrives a moment after
 * the commit and a read in that moment must not see the old value; what only the trigger names (the
 * search words an edit changed) it waits for with `sync`.
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
export function createInvalidationBus(options: BusOptions = {}) {
  const state = createState(options);
  return {
    register(cache: ResponseCache) {
      state.caches.add(cache);
      cache.setEnabled(state.enabled);
    },
    /** What every registered cache holds together: the memory report's figures. */
    totals: () => cacheTotals(state.caches),
    /** Drops what was read from `tags` in this process, synchronously. */
    invalidate: (tags: readonly string[]) => invalidate(state, tags),
    /**
     * For a transaction that deferred its triggers' NOTIFY (`bulkwise.defer_notify`), once it has
     * committed: drops `tags` here at once and resolves when the notification carrying them to every
     * other process has been sent (or failed once; it is retried).
     */
    publish(tags: readonly string[]): Promise<void> {
      invalidate(state, tags);
      if (!state.db || state.closed || tags.length === 0) return Promise.resolve();
      return state.publisher.send(tags);
    },
    /**
     * Resolves once this process has heard every notification committed before the call (a marker sent
     * now comes back after them); for a writer whose trigger names what changed. Resolves at once while
     * the caches are off.
     */
    sync: () => state.sync.sync(),
    start: (database: Parameters<typeof start>[1]) => start(state, database, options.membersEveryMs ?? 1_000),
    isConnected: () => state.enabled,
    /** The API processes this one knows on the database (PostgreSQL; undefined before the first check). */
    members: state.members.known,
    /** How many members checks have completed. */
    checks: state.members.checks,
    received: () => state.received,
    close: () => close(state),
  };
}
export type InvalidationBus = ReturnType<typeof createInvalidationBus>;
