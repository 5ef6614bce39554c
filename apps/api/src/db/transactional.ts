import type { Db } from './client';

/**
 * A repository made of `queries`: the queries on `db` (the pool), and `transaction(work)`, which runs
 * `work` in one transaction with the same queries on the transaction's handle; `tx` is that handle too,
 * for the other modules' queries that must commit with them (stock, orders, the outbox).
 */
export function transactional<Q extends object>(db: Db, queries: (handle: Db) => Q) {
  return {
    ...queries(db),
    transaction: <T>(work: (queries: Q, tx: Db) => Promise<T>): Promise<T> =>
      db.transaction((tx) => work(queries(tx as unknown as Db), tx as unknown as Db)),
  };
}
