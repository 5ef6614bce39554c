import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import { TEST_JWT_SECRET, createTestDatabase, testConfig } from './build-test-app';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

/** Raw HTTP/1.1 over one socket, so the test decides exactly when each byte reaches the server. */
function rawClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const ended = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  return { socket, ended, connected: new Promise((resolve) => socket.once('connect', resolve)) };
}

it('on close, finishes the request in flight and answers a later one with the JSON 503', async () => {
  const app = await buildApp({ config: testConfig(), database, jwtSecret: TEST_JWT_SECRET });
  let entered!: () => void;
  const inHandler = new Promise<void>((resolve) => (entered = resolve));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  app.get('/api/test/slow', async () => {
    entered();
    await gate;
    return { finished: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as net.AddressInfo).port;

  const inFlight = rawClient(port);
  await inFlight.connected;
  inFlight.socket.write('GET /api/test/slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await inHandler;
  // A second client has sent half of its request headers when the shutdown begins.
  const late = rawClient(port);
  await late.connected;
  late.socket.write('GET /api/categories HTTP/1.1\r\nHost: localhost\r\n');
  await new Promise((resolve) => setTimeout(resolve, 50));

  const closed = app.close();
  await new Promise((resolve) => setTimeout(resolve, 50));
  late.socket.write('\r\n');
  release();

  const first = await inFlight.ended;
  expect(first).toMatch(/^HTTP\/1\.1 200/);
  expect(first).toMatch(/\r\nconnection: close\r\n/i);
  expect(first).toContain('{"finished":true}');

  const second = await late.ended;
  expect(second).toMatch(/^HTTP\/1\.1 503/);
  expect(second).toMatch(/\r\nconnection: close\r\n/i);
  const body = JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4));
  expect(body).toMatchObject({
    code: 'SERVICE_UNAVAILABLE',
    message: expect.any(String),
    error: expect.any(String),
  });
  await closed;

  const refused = net.connect(port, '127.0.0.1');
  const error = await new Promise<NodeJS.ErrnoException>((resolve) => refused.on('error', resolve));
  expect(error.code).toBe('ECONNREFUSED');
});
