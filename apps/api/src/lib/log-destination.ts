import { writeSync } from 'node:fs';

export interface LogDestination {
  /** pino calls this with one serialised line (newline included). */
  write(line: string): void;
  /** Writes every line gathered so far, now (also run at process exit). */
  flushSync(): void;
}

/**
 * Writes `data` to `fd` until all of it went (`{}`), a full pipe (EAGAIN) outlasted `retries` short
 * waits (`rest`: what it did not take), or another failure (`failure`: the data is dropped).
 */
function writeOut(
  fd: number,
  data: Buffer,
  retries: number,
): { rest?: Buffer; failure?: NodeJS.ErrnoException } {
  let rest: Buffer | undefined = data;
  while (rest) {
    try {
      const written: number = writeSync(fd, rest);
      rest = written < rest.length ? rest.subarray(written) : undefined;
    } catch (err) {
      const failure = err as NodeJS.ErrnoException;
      if (failure.code !== 'EAGAIN') return { failure };
      if (retries-- <= 0) return { rest };
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
  return {};
}

/** `onDrop` once per kind of failure (its code, else its message). */
function oncePerKind(onDrop: (err: NodeJS.ErrnoException, lines: number) => void) {
  const reported = new Set<string>();
  return (failure: NodeJS.ErrnoException, lines: number) => {
    const kind = failure.code ?? failure.message;
    if (reported.has(kind)) return;
    reported.add(kind);
    onDrop(failure, lines);
  };
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
  const dropped = oncePerKind(options.onDrop ?? reportDroppedLines);
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
    if (!unwritten) return;
    const { rest, failure } = writeOut(fd, unwritten, final ? 100 : 0);
    unwritten = rest;
    if (failure) {
      const lost = unwrittenLines;
      unwrittenLines = 0;
      dropped(failure, lost);
    } else if (!rest) unwrittenLines = 0;
    else if (!final) schedule();
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
