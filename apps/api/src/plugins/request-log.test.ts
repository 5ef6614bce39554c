import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../logger';
import { requestLogPlugin } from './request-log';

async function appLogging(level: 'info' | 'debug', direct = false) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  const app = Fastify({
    logger: { ...loggerOptions(level), stream },
    logController: new LogController({ disableRequestLogging: true }),
  });
  // direct: the access line goes straight to a destination (server.ts: the logger's own), here its own
  // list so the test sees which path wrote it.
  const directLines: Array<Record<string, unknown>> = [];
  const destination = {
    write: (line: string) => void directLines.push(JSON.parse(line) as Record<string, unknown>),
  };
  await app.register(requestLogPlugin, direct ? { destination } : {});
  app.get('/api/thing', async () => ({ ok: true }));
  app.get('/api/secret', async (req) => {
    req.log.info({ headers: req.headers }, 'a line with headers');
    return { ok: true };
  });
  await app.ready();
  return { app, lines, direct: directLines };
}

describe('request log', () => {
  it('writes one line per request at info: method, url, status and time', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ method: 'GET', url: '/api/thing?x=1' });
    await app.inject({ method: 'GET', url: '/api/missing' });
    const requests = lines.filter((l) => l.reqId !== undefined);
    expect(requests.map((l) => l.msg)).toEqual(['request completed', 'request completed']);
    expect(requests[0]).toMatchObject({
      req: { method: 'GET', url: '/api/thing?x=1' },
      res: { statusCode: 200 },
    });
    expect(requests[1]).toMatchObject({ req: { url: '/api/missing' }, res: { statusCode: 404 } });
    expect(typeof requests[0]!.responseTime).toBe('number');
    await app.close();
  });

  it('keeps the shape of the line: base fields, the request id, then request, status and time', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({
      method: 'GET',
      url: '/api/secret',
      headers: { authorization: 'Bearer not-for-logs' },
    });
    const [own, completed] = lines.filter((l) => l.reqId !== undefined);
    expect(Object.keys(completed!)).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'req',
      'res',
      'responseTime',
      'msg',
    ]);
    // Fastify's request serializer (inject has no socket, so no remotePort): no headers.
    expect(Object.keys(completed!.req as object)).toEqual(['method', 'url', 'host', 'remoteAddress']);
    expect(completed!.reqId).toBe(own!.reqId);
    // The access line skips redaction because it carries no headers; the request's own lines do not.
    expect(own!.headers).toMatchObject({ authorization: '[Redacted]' });
    expect(JSON.stringify(lines)).not.toContain('not-for-logs');
    await app.close();
  });

  it('writes the same line straight to the destination as through pino', async () => {
    const lineOf = async (direct: boolean) => {
      const logged = await appLogging('info', direct);
      await logged.app.inject({
        method: 'GET',
        url: '/api/thing?q=%22quoted%22&x=1',
        headers: { host: 'shop.example' },
      });
      await logged.app.close();
      const [line, ...more] = [...logged.lines, ...logged.direct].filter(
        (l) => l.msg === 'request completed',
      );
      expect(more).toEqual([]);
      expect(logged.direct.length).toBe(direct ? 1 : 0);
      expect(typeof line!.time).toBe('number');
      expect(typeof line!.responseTime).toBe('number');
      expect(typeof line!.reqId).toBe('string');
      return { ...line!, time: 0, responseTime: 0, reqId: '' };
    };
    const throughPino = await lineOf(false);
    const direct = await lineOf(true);
    expect(JSON.stringify(direct)).toBe(JSON.stringify(throughPino));
    expect(direct).toMatchObject({
      level: 30,
      req: { url: '/api/thing?q=%22quoted%22&x=1', host: 'shop.example' },
      res: { statusCode: 200 },
    });
  });

  it('adds the arrival of each request at debug, under the same request id', async () => {
    const { app, lines } = await appLogging('debug');
    await app.inject({ method: 'GET', url: '/api/thing' });
    const [arrived, completed] = lines.filter((l) => l.reqId !== undefined);
    expect(arrived).toMatchObject({ msg: 'incoming request', req: { url: '/api/thing' } });
    expect(completed).toMatchObject({ msg: 'request completed', reqId: arrived!.reqId });
    await app.close();
  });
});
