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
  app.addHook('onResponse', (req, reply, done) => {
    reply.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
});
