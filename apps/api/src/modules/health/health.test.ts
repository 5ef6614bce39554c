import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { useTestApp } from '../../../test/use-test-app';

const t = useTestApp();

describe('health endpoints for load balancers', () => {
  it('answers liveness and readiness while serving', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', redis: 'none' });
  });

  it('fails readiness but not liveness while draining', async () => {
    t.app.lifecycle.draining = true;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'draining', database: 'ok', redis: 'none' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  it('fails readiness while the database is unreachable', async () => {
    const peer = await buildTestApp();
    await peer.database.close();
    const ready = await peer.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'unavailable' });
    expect((await peer.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await peer.app.close();
  });
});
