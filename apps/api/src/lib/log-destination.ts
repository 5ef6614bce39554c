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
 * that went away (EPIPE) or a closed descriptor drops the lines instead of failing requests, and says
 * so once per kind of failure (`onDrop`, by default one line on stderr): logs that stop without a word
 * look like a quiet server.
 */
export function bufferedLogDestination(
  options: {
    fd?: number;
    flushMs?: number;
    maxBytes?: number;
    onDrop?: (err: NodeJS.ErrnoException, lines: number) => void;
  } = {},
): LogDestination {
  const fd = options.fd ?? 1;
  const reported = new Set<string>();
  const onDrop = options.onDrop ?? reportDroppedLines;
  const flushMs = options.flushMs ?? 10;
  const maxBytes = options.maxBytes ?? 64 * 1024;
  let lines: string[] = [];
  let waiting = 0;
  /** Lines in `unwritten`, for the report when they are dropped. */
  let unwrittenLines = 0;
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
      unwrittenLines += lines.length;
      lines = [];
      waiting = 0;
    }
    let retries = final ? 100 : 0;
    while (unwritten) {
      try {
        const written = writeSync(fd, unwritten);
        unwritten = written < unwritten.length ? unwritten.subarray(written) : undefined;
        if (!unwritten) unwrittenLines = 0;
      } catch (err) {
        const failure = err as NodeJS.ErrnoException;
        if (failure.code !== 'EAGAIN') {
          const dropped = unwrittenLines;
          unwritten = undefined;
          unwrittenLines = 0;
          const kind = failure.code ?? failure.message;
          if (!reported.has(kind)) {
            reported.add(kind);
            onDrop(failure, dropped);
          }
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

/** Best effort: stderr may be the same broken pipe, and nothing may throw from a log write. */
export function reportDroppedLines(err: NodeJS.ErrnoException, lines: number) {
  try {
    writeSync(
      2,
      `[api] log lines dropped (${lines}, and later ones while it lasts): writing the log failed with ${err.code ?? ''} ${err.message}\n`,
    );
  } catch {
    // Nowhere left to say it.
  }
}
