import type { FastifyInstance } from 'fastify';
import type { InvalidationBus } from '../lib/cache/bus';
import type { AppDeps } from './deps';

/** What every wiring step reads: the app (its log and onClose hooks), the dependencies, the bus. */
export interface WiringContext {
  app: FastifyInstance;
  deps: AppDeps;
  bus: InvalidationBus;
}
