import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@bulkwise/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config/env';
import type { Redis } from '../lib/redis/redis';
import { failoverStore } from './rate-limit-store';

/** The CSP and the other helmet headers of every answer. */
function helmetOptions(config: Config): HelmetOptions {
  const emulator = config.authEmulatorHost ? [`http://${config.authEmulatorHost}`] : [];
  const firebaseHosts = [
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://www.googleapis.com',
  ];
  const authDomain = `https://${config.firebaseAuthDomain}`;

  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://apis.google.com'],
        // SweetAlert2 and Swiper set inline styles; styles cannot run script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'", ...firebaseHosts, ...emulator],
        frameSrc: [authDomain, 'https://apis.google.com', ...emulator],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Firebase signInWithPopup needs to talk to its popup window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    // Product images come from suppliers' hosts.
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over HTTPS; browsers ignore it on plain http.
    hsts: config.env === 'production' ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  };
}

/**
 * Security headers, CORS and rate limits. The CSP allows scripts only from this origin (no inline
 * script), images from anywhere over http(s) (suppliers link their product photos), and the identity
 * provider's endpoints (or the local Auth emulator).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; redis?: Redis | undefined }) => {
    const { config } = opts;
    const headers = securityHeaders(helmetOptions(config));
    // The same headers on every answer, computed once: @fastify/helmet rebuilt them (and parsed the CSP) on
    // every request, about a quarter of the CPU of an answer served from memory (decision 0005).
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(headers);
      done();
    });

    await app.register(cors, {
      origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'idempotency-key'],
      exposedHeaders: [TOTAL_COUNT_HEADER, NEXT_CURSOR_HEADER],
      maxAge: 600,
    });

    await app.register(rateLimit, {
      // Every route counts against a high per-address ceiling (cached reads cost little); routes with
      // their own `config.rateLimit` (sign-in, writes, search, exports) count against theirs instead.
      global: true,
      max: config.rateLimit.readsPerMinute,
      timeWindow: '1 minute',
      // Limits are per user when a token is present, per address otherwise.
      keyGenerator: (req) => (req.user?.uid ? `user:${req.user.uid}` : `ip:${req.ip}`),
      enableDraftSpec: true,
      // With Redis, every instance counts against one limit; without it (or while it is away), per instance.
      ...(opts.redis ? { store: failoverStore(opts.redis) } : {}),
      ...(config.rateLimit.disabled ? { allowList: () => true } : {}),
    });
  },
);

/** The rate limit of every write: per user (the secured scope verifies the token first). */
export interface WriteRateLimit {
  max: number;
  timeWindow: string;
  hook: 'preHandler';
}

export function writeRateLimit(config: Config): WriteRateLimit {
  return { max: config.rateLimit.writesPerMinute, timeWindow: '1 minute', hook: 'preHandler' };
}

/** Every CSV export (orders, catalog) reads all of a user's rows: its own, stricter limit per user. */
export function exportRateLimit(config: Config): WriteRateLimit {
  return { max: config.rateLimit.exportsPerMinute, timeWindow: '1 minute', hook: 'preHandler' };
}

/** Image uploads decode a photo each: their own limit per user. */
export function uploadRateLimit(config: Config): WriteRateLimit {
  return { max: config.rateLimit.uploadsPerMinute, timeWindow: '1 minute', hook: 'preHandler' };
}

/** The headers helmet's middleware sets for `options`, read once from a stand-in response. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  // No directive here is a function of the request (no nonces), so one run serves every request.
  helmet(options)({} as never, response as never, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
