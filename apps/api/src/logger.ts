import type { Config } from './config/env';

/**
 * Where a credential could sit in a logged object. Fastify's default request serializer logs no headers,
 * but an error or a debug line that carries a request or its headers must not leak a bearer token
 * (the API's own or a Firebase ID token) or a cookie.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
];

/** Pino options of the API process; the tests build the app with the same ones to check what is logged. */
export function loggerOptions(level: Config['logLevel']) {
  return { level, redact: { paths: REDACTED_PATHS, censor: '[Redacted]' } };
}
