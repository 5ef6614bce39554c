/**
 * Runs work for one key at a time, in arrival order. Writers of one product's stock (purchases, and
 * order moves of its orders) queue here instead of in PostgreSQL: the product's row lock already lets
 * only one of them proceed, but a transaction waiting on that lock holds a pool connection, and the
 * lock is held until this process has read the last answer and sent COMMIT. With hundreds of buyers of
 * one product on a busy event loop that exhausted the pool (503s); waiting here costs no connection.
 * Other API processes still queue on the row lock, which alone keeps stock exact.
 */
export function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    async run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      const current = previous.then(work, work);
      const tail = current.catch(() => undefined);
      tails.set(key, tail);
      try {
        return await current;
      } finally {
        if (tails.get(key) === tail) tails.delete(key);
      }
    },
  };
}
export type KeyedQueue = ReturnType<typeof createKeyedQueue>;
