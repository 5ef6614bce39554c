import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One access-log line per request at `info` ('request completed': the request, its status and time),
 * the arrival at `debug`. Fastify's default writes both at `info`; under load each line is a
 * synchronous write to stdout, and the two took about a quarter of the API thread in CPU profiles of
 * the search and orders benches. Needs Fastify's own request logging off (`logController` with `disableRequestLogging`).
 */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
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
  app.addHook('onResponse', (req, reply, done) => {
    access.info({ reqId: req.id, req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
});
