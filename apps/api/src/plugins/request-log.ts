import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One access-log line per request at `info` ('request completed': the request, its status and time),
 * the arrival at `debug`. Fastify's default writes both at `info`; the two took about a quarter of the
 * API thread in CPU profiles of the search and orders benches, and one line was still the largest cost
 * of a read served from memory (decision 0005). Needs Fastify's own request logging off (`logController`
 * with `disableRequestLogging`).
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance, opts: { destination?: { write(line: string): void } }) => {
    if (app.log.level === 'debug' || app.log.level === 'trace') {
      app.addHook('onRequest', (req, _reply, done) => {
        req.log.debug({ req }, 'incoming request');
        done();
      });
    }
    // The same line as `reply.log.info(...)` wrote (the request id right after the base fields), from a
    // child without redaction: the serialised request carries method, url, host and address, never
    // headers, and the wildcard redaction paths were two thirds of the cost of the line (decision 0005).
    // Every other line, the request's own logger included, is still redacted.
    const access = app.log.child({}, { redact: [] });
    const { destination } = opts;
    if (destination && ['trace', 'debug', 'info'].includes(access.level)) {
      // With the logger's own destination at hand (server.ts), the line is put together here: the same
      // JSON pino writes for it (level, time, pid, hostname, then the fields), at a third of pino's cost.
      const base = `{"level":30,"time":`;
      const host = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":`;
      const serialize = requestSerializer(access);
      app.addHook('onResponse', (req, reply, done) => {
        destination.write(
          `${base}${Date.now()}${host}${JSON.stringify(req.id)},"req":${JSON.stringify(serialize(req))},"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},"msg":"request completed"}\n`,
        );
        done();
      });
      return;
    }
    app.addHook('onResponse', (req, reply, done) => {
      access.info({ reqId: req.id, req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
      done();
    });
  },
);

/** The `req` serializer the app's logger was built with (Fastify's: method, url, host, address, port). */
function requestSerializer(logger: FastifyBaseLogger): (req: FastifyRequest) => unknown {
  // pino's documented, registry-wide symbol for a logger's serializers.
  const serializers = (
    logger as unknown as Record<symbol, Record<string, (value: unknown) => unknown> | undefined>
  )[Symbol.for('pino.serializers')];
  const req = serializers?.req;
  if (!req) throw new Error('request log: the logger has no req serializer');
  return req;
}
