/**
 * Runs work for one key at a time, in arrival order. Writers of one product's stock (purchases, and
 * order moves of its orders) queue here instead of in PostgreSQL: the product's row lock already lets
 * only one of them proceed, but a transaction waiting on that lock holds a pool connection, and the
 * lock is held until this process has read the last answer and sent COMMIT. With hundreds of buyers of
 * one product on a busy event loop that exhausted the pool (503s); waiting here costs no connection.
 * Other API processes still queue on the row lock, which alone keeps stock exact.
 *
 * `failFast(err)`: when work fails with such an error (the database is unreachable), the work that was
 * already waiting behind it fails with the same error instead of trying in turn: otherwise each waiter
 * would wait out its predecessors' timeouts as well as its own during an outage. Work that arrives after
 * the failure tries again, so the queue recovers with the database.
 */
export function createKeyedQueue(
  options: {
    failFast?: (err: unknown) => boolean;
    /**
     * At most this much work of one key (running or waiting). A flood on one hot product would
     * otherwise queue every request in memory, each waiting longer than any client will: beyond the
     * bound the work is refused at once with `busy()` (the API's 503 with Retry-After).
     */
    maxPending?: number;
    busy?: () => Error;
  } = {},
) {
  type Outcome = { failedAt: number; error: unknown } | undefined;
  const tails = new Map<string, Promise<Outcome>>();
  const pending = new Map<string, number>();
  const maxPending = options.maxPending ?? Infinity;
  return {
    async run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const count = pending.get(key) ?? 0;
      if (count >= maxPending)
        throw options.busy?.() ?? new Error(`more than ${maxPending} waiting for ${key}`);
      pending.set(key, count + 1);
      const queuedAt = performance.now();
      const previous = tails.get(key) ?? Promise.resolve(undefined);
      const current = previous.then((before) => {
        if (before && before.failedAt >= queuedAt) throw before.error;
        return work();
      });
      const tail: Promise<Outcome> = current.then(
        () => undefined,
        (error: unknown) => (options.failFast?.(error) ? { failedAt: performance.now(), error } : undefined),
      );
      tails.set(key, tail);
      try {
        return await current;
      } finally {
        if (tails.get(key) === tail) tails.delete(key);
        const left = (pending.get(key) ?? 1) - 1;
        if (left > 0) pending.set(key, left);
        else pending.delete(key);
      }
    },
  };
}
export type KeyedQueue = ReturnType<typeof createKeyedQueue>;
