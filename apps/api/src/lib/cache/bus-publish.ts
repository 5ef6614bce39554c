/** NOTIFY refuses payloads of 8000 bytes or more; tags are ASCII. */
const MAX_PAYLOAD = 7000;

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
 * Sends the tags of committed writes to the other processes. Concurrent publishers share one
 * notification: while one is being sent, the next collects every tag published meanwhile.
 */
export function createPublisher(deps: {
  notify: (payloads: string[]) => Promise<void>;
  log: (msg: string) => void;
  closed: () => boolean;
}) {
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
        await deps.notify(payloadsOf(tags));
        backoff = 25;
      } catch (err) {
        // The commits happened: their tags stay due and are sent again. Their writers answer meanwhile
        // (a purchase must not hang on an outage); if this process cannot reach the database, its
        // sessions end and other processes drop their caches (members check).
        for (const tag of tags) pending.add(tag);
        deps.log(
          `could not publish ${tags.size} invalidation tags, retrying: ${err instanceof Error ? err.message : String(err)}`,
        );
        if (deps.closed()) pending.clear();
        else await sleep(backoff);
        backoff = Math.min(backoff * 2, 1_000);
      } finally {
        for (const resolve of done) resolve();
      }
    }
    sending = undefined;
  }

  return {
    /** Resolves when a notification carrying `tags` has been sent (or failed once; it is retried). */
    send(tags: readonly string[]): Promise<void> {
      for (const tag of tags) pending.add(tag);
      const sent = new Promise<void>((resolve) => waiters.push(resolve));
      sending ??= drain();
      return sent;
    },
    /** The sending under way, if any. */
    sending: () => sending,
  };
}
