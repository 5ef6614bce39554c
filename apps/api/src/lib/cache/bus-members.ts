import type { Db } from '../../db/client';
import { liveMembers } from '../instances/members';

/**
 * The API processes on the database, for the bus: who may commit without notifying (PostgreSQL only).
 * One that is gone without its `bye` may have committed writes it never announced: `dropAll`.
 */
export function createMembers(deps: { log: (msg: string) => void; dropAll: () => void }) {
  /**
   * The members: the first check's sessions, then those that said hello, less those gone; undefined until
   * the first check.
   */
  let known: Set<string> | undefined;
  /** One set per running check: the hellos heard while it ran (its snapshot may predate them). */
  const hearing = new Set<Set<string>>();
  /** Said bye: their absence is expected. */
  const departed = new Set<string>();
  let checks = 0;

  async function check(db: Db, self: string) {
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
      deps.log(
        `API instance ${lost.join(', ')} is gone without saying so: it may have committed writes it never announced; dropping every cached response`,
      );
      deps.dropAll();
    }
  }

  return {
    check,
    hello(name: string) {
      known?.add(name);
      for (const heard of hearing) heard.add(name);
    },
    bye(name: string) {
      departed.add(name);
    },
    /** Whoever left while we were deaf is unknown: the list starts again at the next check. */
    forget() {
      known = undefined;
    },
    known: (): ReadonlySet<string> | undefined => known,
    checks: () => checks,
  };
}
