/**
 * Reads until `ok` holds or `withinMs` has passed; fails with what it last saw and how long it waited. For what
 * another instance hears by NOTIFY, or what a cache shows after a write: a client polls what it sees, never sleeps.
 */
export async function within<T>(
  withinMs: number,
  read: () => Promise<T>,
  ok: (value: T) => boolean,
): Promise<void> {
  const started = performance.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return;
    const elapsed = performance.now() - started;
    if (elapsed > withinMs) throw new Error(`still ${JSON.stringify(value)} after ${Math.round(elapsed)} ms`);
    // A cached answer through inject() never leaves the microtask queue, so without this the loop would
    // starve the socket that brings the other instance's notification; a real client always yields here.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
