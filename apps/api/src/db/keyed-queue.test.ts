import { describe, expect, it, vi } from 'vitest';
import { createKeyedQueue } from './keyed-queue';

const down = new Error('database unreachable');

/** Work that fails with `down` when released, so the test decides when the failure happens. */
function failingLater() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { work: () => released.then(() => Promise.reject(down)), release };
}

describe('keyed queue', () => {
  it('runs the work of one key one at a time, in arrival order', async () => {
    const queue = createKeyedQueue();
    const order: string[] = [];
    const slow = () =>
      new Promise<void>((resolve) => setTimeout(resolve, 20)).then(() => order.push('first'));
    await Promise.all([queue.run('p', slow), queue.run('p', async () => order.push('second'))]);
    expect(order).toEqual(['first', 'second']);
  });

  it('fails the work already waiting behind an outage at once, and tries again for work that comes after', async () => {
    const queue = createKeyedQueue({ failFast: (err) => err === down });
    const first = failingLater();
    const waiting = vi.fn(async () => 'ran');
    const a = queue.run('p', first.work);
    const b = queue.run('p', waiting);
    first.release();
    await expect(a).rejects.toBe(down);
    await expect(b).rejects.toBe(down);
    expect(waiting).not.toHaveBeenCalled();
    await expect(queue.run('p', async () => 'after the outage')).resolves.toBe('after the outage');
  });

  it('lets other failures (a refused purchase, a conflict) pass to the next waiter, which runs', async () => {
    const queue = createKeyedQueue({ failFast: (err) => err === down });
    const a = queue.run('p', () => Promise.reject(new Error('conflict')));
    const b = queue.run('p', async () => 'ran');
    await expect(a).rejects.toThrow('conflict');
    await expect(b).resolves.toBe('ran');
  });

  it('refuses work beyond the bound of one key at once, counts each key alone, and takes work again once drained', async () => {
    const busy = new Error('busy');
    const queue = createKeyedQueue({ maxPending: 2, busy: () => busy });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = queue.run('hot', () => gate);
    const waiting = queue.run('hot', async () => 'second');
    await expect(queue.run('hot', async () => 'third')).rejects.toBe(busy);
    await expect(queue.run('calm', async () => 'other key')).resolves.toBe('other key');
    release();
    await running;
    await expect(waiting).resolves.toBe('second');
    await expect(queue.run('hot', async () => 'after')).resolves.toBe('after');
  });
});
