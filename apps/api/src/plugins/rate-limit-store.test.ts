import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, type TestApp } from '../../test/build-test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/6';

async function redisReachable() {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 500,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** A port nothing listens on: Redis that is down. */
async function deadPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const LIMIT = 5;
const attempt = (t: TestApp) =>
  t.app.inject({
    method: 'POST',
    url: '/api/jwt',
    headers: { authorization: 'Bearer not-a-token' },
    payload: {},
  });

describe('POST /api/jwt limit with Redis away', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      config: {
        redisUrl: `redis://127.0.0.1:${await deadPort()}`,
        rateLimit: { ...testConfig().rateLimit, disabled: false, jwtPerMinute: LIMIT, writesPerMinute: 600 },
      },
    });
  });
  afterAll(async () => t?.close());

  it('still holds per instance, and no request fails because of Redis', async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT + 3; i++) statuses.push((await attempt(t)).statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.slice(0, LIMIT).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
  });
});

const reachable = await redisReachable();
if (!reachable)
  console.warn(`!!! Redis not reachable at ${REDIS_URL}: the shared rate-limit test is SKIPPED`);

describe.skipIf(!reachable)('POST /api/jwt limit with Redis', () => {
  const apps: TestApp[] = [];
  beforeAll(async () => {
    // Own key prefix per run: parallel runs on one Redis never count each other's attempts.
    const config = {
      redisUrl: REDIS_URL,
      redisKeyPrefix: `bulkwise-test:${randomBytes(4).toString('hex')}:`,
      rateLimit: { ...testConfig().rateLimit, disabled: false, jwtPerMinute: LIMIT, writesPerMinute: 600 },
    };
    apps.push(await buildTestApp({ config }), await buildTestApp({ config }));
    // The clients connect in the background; the first attempts must already count in Redis.
    for (const t of apps) {
      const deadline = Date.now() + 5_000;
      const redisState = async () =>
        ((await t.app.inject({ url: '/api/health/ready' })).json() as { redis: string }).redis;
      while ((await redisState()) !== 'ok') {
        if (Date.now() > deadline) throw new Error('Redis did not connect within 5 s');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('is one limit for two instances', async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT * 2; i++) statuses.push((await attempt(apps[i % 2]!)).statusCode);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});
