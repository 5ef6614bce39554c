import type { FastifyPluginOptions } from 'fastify';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** The app a routes plugin registers on: Fastify with the zod type provider. */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** A routes plugin made of groups of routes, each registered in order with the plugin's options. */
export function routeGroups<O extends FastifyPluginOptions>(
  ...groups: Array<(app: RouteApp, options: O) => void>
): FastifyPluginAsyncZod<O> {
  return async (app, options) => {
    for (const register of groups) register(app, options);
  };
}

/**
 * The serializer of a GET route's 200 answer, for a body serialised once and kept by a read cache: the
 * same response schema, so the kept body is what the route would have sent.
 */
export const okSerializer = (url: string, schema: z.ZodTypeAny) =>
  serializerCompiler({ schema, method: 'GET', url, httpStatus: '200' });
