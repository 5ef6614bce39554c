import { monitorEventLoopDelay } from 'node:perf_hooks';
import { BUSY_MESSAGES } from '@bulkwise/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env';
import { busy } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: never shed (health checks: a shed liveness probe would get a busy process restarted). */
    loadShed?: false;
  }
}

/** Seconds a shed client is asked to wait: about two measurements, so the next try sees a fresh one. */
const RETRY_AFTER_SECONDS = 2;
const RESOLUTION_MS = 10;

/**
 * Load shedding: while the event loop's mean delay over the last `sampleMs` is above the bound,
 * requests are answered at once with 503 and Retry-After (the error handler's body) instead of
 * queueing behind the backlog until every client times out. The same measure as
 * @fastify/under-pressure, but started when the server is ready (under-pressure measures from its
 * registration): the synchronous work of start-up (opening the embedded database, migrations, the
 * seed) is not load and must not shed the first requests after `listen`.
 */
export const loadSheddingPlugin = fp(async (app: FastifyInstance, opts: { loadShed: Config['loadShed'] }) => {
  const { maxEventLoopDelayMs, sampleMs } = opts.loadShed;
  if (maxEventLoopDelayMs === 0) return;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  let lagging = false;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    histogram.enable();
    timer = setInterval(() => {
      // No tick at all in a whole sample: the loop was held the whole time.
      const delay = histogram.count > 0 ? histogram.mean / 1e6 - RESOLUTION_MS : Infinity;
      histogram.reset();
      lagging = delay > maxEventLoopDelayMs;
    }, sampleMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    histogram.disable();
  });
  app.addHook('onRequest', (req, _reply, done) => {
    if (!lagging || req.routeOptions.config.loadShed === false) return done();
    done(busy(BUSY_MESSAGES.server, RETRY_AFTER_SECONDS));
  });
});
