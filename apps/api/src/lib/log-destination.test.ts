import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bufferedLogDestination } from './log-destination';

const dirs: string[] = [];
function logFile() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bulkwise-log-'));
  dirs.push(dir);
  const file = path.join(dir, 'api.log');
  return { file, fd: openSync(file, 'a'), read: () => readFileSync(file, 'utf8') };
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('buffered log destination', () => {
  it('writes the lines gathered in a batch, in order, once the interval has passed', async () => {
    const log = logFile();
    const destination = bufferedLogDestination({ fd: log.fd, flushMs: 20 });
    destination.write('{"n":1}\n');
    destination.write('{"n":2}\n');
    // Nothing is written per line: the batch waits for the timer.
    expect(log.read()).toBe('');
    destination.write('{"n":3}\n');
    await vi.waitFor(() => expect(log.read()).toBe('{"n":1}\n{"n":2}\n{"n":3}\n'));
    closeSync(log.fd);
  });

  it('writes at once when the batch reaches its size, and on flushSync', () => {
    const log = logFile();
    const destination = bufferedLogDestination({ fd: log.fd, flushMs: 60_000, maxBytes: 16 });
    destination.write('0123456789\n');
    expect(log.read()).toBe('');
    destination.write('abcdefghij\n');
    expect(log.read()).toBe('0123456789\nabcdefghij\n');
    destination.write('tail\n');
    destination.flushSync();
    expect(log.read()).toBe('0123456789\nabcdefghij\ntail\n');
    closeSync(log.fd);
  });

  it('writes what is waiting when the process exits, however it exits', () => {
    const module = path.join(import.meta.dirname, 'log-destination.ts');
    const script = `import { bufferedLogDestination } from ${JSON.stringify(module)};
      const destination = bufferedLogDestination({ flushMs: 60_000 });
      destination.write('first\\n');
      destination.write('last\\n');
      process.exit(3);`;
    let output = '';
    try {
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        encoding: 'utf8',
      });
    } catch (err) {
      expect((err as { status: number }).status).toBe(3);
      output = (err as { stdout: string }).stdout;
    }
    expect(output).toBe('first\nlast\n');
  });

  it('drops the lines instead of throwing when the descriptor is gone', () => {
    const log = logFile();
    closeSync(log.fd);
    const destination = bufferedLogDestination({ fd: log.fd, flushMs: 60_000 });
    destination.write('lost\n');
    expect(() => destination.flushSync()).not.toThrow();
    expect(log.read()).toBe('');
  });

  it('says once, with the error, that it dropped lines when the descriptor is closed', () => {
    const drops: Array<{ code: string | undefined; lines: number }> = [];
    // A descriptor number nothing in this process opens: every write fails with EBADF.
    const destination = bufferedLogDestination({
      fd: 987_654,
      flushMs: 60_000,
      onDrop: (err, lines) => drops.push({ code: err.code, lines }),
    });
    destination.write('a\n');
    destination.write('b\n');
    destination.flushSync();
    destination.write('c\n');
    destination.flushSync();
    expect(drops).toEqual([{ code: 'EBADF', lines: 2 }]);
  });

  it('reports on stderr when the reader of its pipe went away (EPIPE), and the process lives on', async () => {
    const module = path.join(import.meta.dirname, 'log-destination.ts');
    // Writes until the drop is reported (the parent closes the pipe's reading end at once), then exits 0.
    const script = `import { bufferedLogDestination, reportDroppedLines } from ${JSON.stringify(module)};
      const destination = bufferedLogDestination({
        flushMs: 60_000,
        onDrop: (err, lines) => { reportDroppedLines(err, lines); process.exit(0); },
      });
      for (let i = 0; i < 1000; i++) {
        destination.write('line ' + i + '\\n');
        destination.flushSync();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      process.exit(7);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stderr).toMatch(
      /^\[api\] log lines dropped \(\d+, and later ones while it lasts\): writing the log failed with EPIPE/,
    );
  });
});
