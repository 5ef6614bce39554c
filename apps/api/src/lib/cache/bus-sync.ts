import { randomUUID } from 'node:crypto';

/** A marker on the channel, never a tag: `sync:<uuid>`, heard and ignored by every other process. */
const SYNC = 'sync:';
/** How long a writer waits to hear its own marker before it drops everything here instead. */
const SYNC_TIMEOUT_MS = 2_000;

/**
 * Read-your-writes for what only a trigger's notification names (the search words a product edit
 * changed, search.tags.ts): the writer, once committed, sends a marker on the channel and waits until
 * this process hears it. A listener hears notifications in commit order, so by then this process has
 * handled its own write's notification. A marker not heard in time, or not sent, drops everything here.
 */
export function createSync(deps: {
  notify: (payloads: string[]) => Promise<void>;
  dropAll: () => void;
  /** False while the caches are off: nothing is served from memory, so there is nothing to wait for. */
  active: () => boolean;
}) {
  const waiting = new Map<string, () => void>();
  return {
    /** Whether `payload` is a marker (then the waiter for it, if it is this process's, goes on). */
    heard(payload: string): boolean {
      if (!payload.startsWith(SYNC)) return false;
      waiting.get(payload)?.();
      return true;
    },
    async sync(): Promise<void> {
      if (!deps.active()) return;
      const marker = SYNC + randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<boolean>((resolve) => {
        waiting.set(marker, () => resolve(true));
        timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS).unref();
      });
      try {
        await deps.notify([marker]);
        if (!(await heard)) deps.dropAll();
      } catch {
        deps.dropAll();
      } finally {
        clearTimeout(timer);
        waiting.delete(marker);
      }
    },
    /** The caches went off (and were emptied): no waiter needs its marker any more. */
    release() {
      for (const go of waiting.values()) go();
    },
  };
}
