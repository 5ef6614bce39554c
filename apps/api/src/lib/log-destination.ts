import { writeSync } from 'node:fs';

export interface LogDestination {
  /** pino calls this with one serialised line (newline included). */
  write(line: string): void;
  /** Writes every line gathered so far, now (also run at process exit). */
  flushSync(): void;
}

/**
 * Where the API's pino lines go: gathered in memory and written to `fd` together, every `flushMs` or as
 * soon as `maxBytes` are waiting, and at exit. pino's own asynchronous destination hands each line to
 * libuv's thread pool as soon as the previous write finished, and re-measures the growing string of
 * waiting lines on every line: under load that took about a third of the API's CPU per cached read
 * (decision 0005). Here a batch is one write and a line costs an array push.
 *
 * A full pipe (EAGAIN) never blocks the server: what it did not take waits for the next flush. A reader
 * that went away (EPIPE) or a closed descriptor drops the lines instead of failing requests.
 */
export function bufferedLogDestination(options: { fd?: number; flushMs?: number; maxBytes?: number } = {}): LogDestination {
  const fd = options.fd ?? 1;
  const flushMs = options.flushMs ?? 10;
  const maxBytes = options.maxBytes ?? 64 * 1024;
  let lines: string[] = [];
  let waiting = 0;
  /** Bytes of an earlier batch that a full pipe did not take yet: they go first. */
  let unwritten: Buffer | undefined;
  let timer: NodeJS.Timeout | undefined;

  const schedule = () => {
    timer ??= setTimeout(flush, flushMs).unref();
  };

  /** `final`: at exit there is no later flush, so a full pipe gets a few short retries instead. */
  function flush(final = false) {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (lines.length > 0) {
      const batch = Buffer.from(lines.join(''));
      unwritten = unwritten ? Buffer.concat([unwritten, batch]) : batch;
      lines = [];
      waiting = 0;
    }
    let retries = final ? 100 : 0;
    while (unwritten) {
      try {
        const written = writeSync(fd, unwritten);
        unwritten = written < unwritten.length ? unwritten.subarray(written) : undefined;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') {
          unwritten = undefined;
          return;
        }
        if (retries-- <= 0) return final ? undefined : schedule();
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      }
    }
  }

  process.on('exit', () => flush(true));
  return {
    write(line) {
      lines.push(line);
      waiting += line.length;
      if (waiting >= maxBytes) flush();
      else schedule();
    },
    flushSync: () => flush(true),
  };
}
