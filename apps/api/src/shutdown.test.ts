import { describe, expect, it } from 'vitest';
import { stopServing } from './shutdown';

/** A step the test finishes when it chooses, recording when it started and ended. */
function step(name: string, events: string[]) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async () => {
      events.push(`${name} started`);
      await done;
      events.push(`${name} ended`);
    },
    finish,
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('stopping on SIGTERM', () => {
  it('stops the outbox worker while the HTTP drain is still running, and closes the database after both', async () => {
    const events: string[] = [];
    const drain = step('drain', events);
    const worker = step('worker', events);
    const database = step('database', events);
    const stopping = stopServing({
      app: { close: drain.run },
      notifications: { stop: worker.run },
      database: { close: database.run },
    });
    await turn();
    // A slow request is still draining: the slow SMTP's grace must already be counting.
    expect(events).toEqual(['drain started', 'worker started']);
    worker.finish();
    await turn();
    expect(events).not.toContain('database started');
    drain.finish();
    await turn();
    expect(events.slice(-2)).toEqual(['drain ended', 'database started']);
    database.finish();
    await stopping;
  });

  it('still closes the database when the drain fails, and reports the failure', async () => {
    let closed = false;
    const failure = new Error('close failed');
    await expect(
      stopServing({
        app: { close: () => Promise.reject(failure) },
        notifications: { stop: async () => {} },
        database: { close: async () => void (closed = true) },
      }),
    ).rejects.toBe(failure);
    expect(closed).toBe(true);
  });
});
