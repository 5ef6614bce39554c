import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/build-test-app';
import type { Database } from '../../db/client';
import { watchForPeers } from './peers';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

describe('instances without Redis', () => {
  it('each hear of the other once, and a lone instance hears nobody', async () => {
    const heard: string[] = [];
    const a = watchForPeers({ database, onPeer: () => heard.push('a'), intervalMs: 50 });
    // Alone for a few announcements: its own must not count.
    const aloneUntil = Date.now() + 300;
    while (Date.now() < aloneUntil) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(heard).toEqual([]);
    const b = watchForPeers({ database, onPeer: () => heard.push('b'), intervalMs: 50 });
    const deadline = Date.now() + 5_000;
    while (heard.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    const settle = Date.now() + 200;
    while (Date.now() < settle) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(heard.sort()).toEqual(['a', 'b']);
    await a.close();
    await b.close();
  });
});

describe('a failed announcement', () => {
  it('is logged with its error, not swallowed, and retried at the next interval', async () => {
    const logged: Array<{ msg: string; err: unknown }> = [];
    const down = new Error('Connection terminated unexpectedly');
    const peers = watchForPeers({
      database: {
        db: { execute: () => Promise.reject(down) } as unknown as Database['db'],
        listen: () => ({ ready: Promise.resolve(), close: async () => {} }),
      },
      onPeer: () => {},
      intervalMs: 20,
      log: (msg, err) => logged.push({ msg, err }),
    });
    const deadline = Date.now() + 5_000;
    while (logged.length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await peers.close();
    expect(logged.slice(0, 2)).toEqual([
      { msg: 'could not announce this API instance to its peers', err: down },
      { msg: 'could not announce this API instance to its peers', err: down },
    ]);
  });
});
