import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../logger';
import { requestLogPlugin } from './request-log';

async function appLogging(level: 'info' | 'debug') {
  const lines: Array<Record<string, unknown>> = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  const app = Fastify({ logger: { ...loggerOptions(level), stream }, logController: new LogController({ disableRequestLogging: true }) });
  await app.register(requestLogPlugin);
  app.get('/api/thing', async () => ({ ok: true }));
  app.get('/api/secret', async (req) => {
    req.log.info({ headers: req.headers }, 'a line with headers');
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

describe('request log', () => {
  it('writes one line per request at info: method, url, status and time', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ method: 'GET', url: '/api/thing?x=1' });
    await app.inject({ method: 'GET', url: '/api/missing' });
    const requests = lines.filter((l) => l.reqId !== undefined);
    expect(requests.map((l) => l.msg)).toEqual(['request completed', 'request completed']);
    expect(requests[0]).toMatchObject({ req: { method: 'GET', url: '/api/thing?x=1' }, res: { statusCode: 200 } });
    expect(requests[1]).toMatchObject({ req: { url: '/api/missing' }, res: { statusCode: 404 } });
    expect(typeof requests[0]!.responseTime).toBe('number');
    await app.close();
  });

  it('keeps the shape of the line: base fields, the request id, then request, status and time', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ method: 'GET', url: '/api/secret', headers: { authorization: 'Bearer not-for-logs' } });
    const [own, completed] = lines.filter((l) => l.reqId !== undefined);
    expect(Object.keys(completed!)).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'msg']);
    // Fastify's request serializer (inject has no socket, so no remotePort): no headers.
    expect(Object.keys(completed!.req as object)).toEqual(['method', 'url', 'host', 'remoteAddress']);
    expect(completed!.reqId).toBe(own!.reqId);
    // The access line skips redaction because it carries no headers; the request's own lines do not.
    expect(own!.headers).toMatchObject({ authorization: '[Redacted]' });
    expect(JSON.stringify(lines)).not.toContain('not-for-logs');
    await app.close();
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
