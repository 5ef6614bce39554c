import http from 'node:http';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories';
import { compressOptions } from '../../app';
import { authPlugin } from '../../plugins/auth';
import { errorHandlerPlugin } from '../../plugins/error-handler';
import { securedScope } from '../../plugins/secured';
import { createTokenService } from '../auth/tokens';
import type { OrdersReadCache } from './orders.cache';
import { ordersRoutes } from './orders.routes';
import type { OrdersService } from './orders.service';

const tokens = createTokenService({ secret: 'x'.repeat(40), ttlSeconds: 600 });
const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
const batch = (n: number) =>
  Array.from({ length: 1000 }, (_, i) => `row-${n}-${i},2026-01-01,placed\r\n`).join('');

let app: FastifyInstance | undefined;
afterEach(async () => app?.close());

/** The export route as app.ts mounts it, over a database that fails after `batches` batches. */
async function serve(batches: number) {
  const logs: Array<Record<string, unknown>> = [];
  app = Fastify({
    logger: {
      level: 'error',
      stream: { write: (line: string) => logs.push(JSON.parse(line) as Record<string, unknown>) },
    },
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(compress, compressOptions);
  await app.register(authPlugin, { tokens });
  const orders = {
    async *exportCsv() {
      yield 'id,date,status\r\n';
      for (let n = 0; n < batches; n++) yield batch(n);
      throw lost;
    },
  } as unknown as OrdersService;
  await app.register(
    securedScope({ max: 1000, timeWindow: '1 minute', hook: 'preHandler' }, async (scope, secured) => {
      await scope.register(ordersRoutes, { orders, reads: {} as OrdersReadCache, secured });
    }),
    { prefix: '/api' },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { port, logs };
}

/** A download as a browser makes it: complete, or failed (the connection ended before the body did). */
function download(port: number, encoding: string, token: string) {
  return new Promise<{ status: number; complete: boolean; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve) => {
      const req = http.get(
        {
          port,
          host: '127.0.0.1',
          path: '/api/orders/export.csv',
          headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
        },
        (res) => {
          let body = '';
          res.setEncoding('latin1');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode!, complete: res.complete, headers: res.headers, body }),
          );
          res.on('error', () =>
            resolve({ status: res.statusCode!, complete: false, headers: res.headers, body }),
          );
        },
      );
      req.on('error', () => resolve({ status: 0, complete: false, headers: {}, body: '' }));
    },
  );
}

describe('a CSV export whose database fails', () => {
  it.each(['identity', 'gzip', 'br'])(
    'after the first batch: the %s download fails, and the log names the request',
    async (encoding) => {
      const { port, logs } = await serve(1);
      const res = await download(port, encoding, await tokens.issue(makeUser('supplier')));
      expect(res.complete).toBe(false);
      const line = logs.find(
        (l) => l.msg === 'orders export failed midway: connection cut so the download fails',
      );
      expect(line).toBeDefined();
      expect(line!.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(line!.err).toMatchObject({ message: 'Connection terminated unexpectedly' });
    },
  );

  it('before the first batch: a JSON error, never a CSV attachment holding it', async () => {
    const { port } = await serve(0);
    const res = await download(port, 'gzip', await tokens.issue(makeUser('supplier')));
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
  });
});
