import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/env';
import type { Database } from '../db/client';
import type { EmailVerificationLinks, IdTokenVerifier } from '../modules/auth/firebase-verifier';
import type { OrderEventSink } from '../modules/orders/order-events';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Resolved HMAC secret of API tokens (config.jwtSecret, or the generated development one). */
  jwtSecret: string;
  /** Defaults to firebase-admin against config.firebaseProjectId (and the emulator when configured). */
  verifier?: IdTokenVerifier;
  /** Defaults to firebase-admin, like `verifier`. */
  verificationLinks?: EmailVerificationLinks;
  logger?: FastifyServerOptions['logger'];
  /** The stream of `logger` (server.ts): the access line is written to it directly (plugins/request-log.ts). */
  logDestination?: { write(line: string): void };
  /** Reaction to order changes, recorded inside their transaction (server.ts: the email outbox). Default: none. */
  orderEvents?: OrderEventSink;
  /**
   * The server's clock for quotes and messages (expiry, limits) and invoices (issue, due, overdue, aging);
   * tests pass one they can set. Default: the system clock.
   */
  clock?: () => Date;
  /** How often this process sweeps quotes (expiry emails, expired offers); 0: never. Default a minute. */
  quoteSweepMs?: number;
}
