import { ErrorBodySchema } from '@bulkwise/contracts';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The OpenAPI document (GET /api/docs/json) as a client generator needs it: every operation has an
 * operationId, a summary, the error responses it can give (all with the API's one error body) and its
 * security, public ones declaring none. Derived as the document is built from what each route already
 * declares (method, path, params, body, `config.signedIn`, `config.rateLimit`), so a new route is
 * documented without a second edit. Only the document changes: the routes' validation and
 * serialisation are untouched. `apps/api/test/openapi.test.ts` lints it (Redocly, recommended rules) and
 * keeps docs/routes.md, the route table, in step with it.
 */

const ERROR_REF = { $ref: '#/components/schemas/ErrorBody' };
const METHOD_WORDS: Record<string, string> = {
  GET: 'Get',
  POST: 'Post',
  PUT: 'Replace',
  PATCH: 'Update',
  DELETE: 'Delete',
};

/** `GET /api/products/purchase/:id` -> `getProductsPurchaseById`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** The first sentence of the route's description, or its method and path. */
function summaryOf(method: string, url: string, description: unknown): string {
  if (typeof description === 'string' && description.trim()) {
    const text = description.replace(/\s+/g, ' ').trim();
    const sentence = /^(.+?[.:])(\s|$)/.exec(text)?.[1] ?? text;
    return sentence.length <= 100 ? sentence.replace(/[.:]$/, '') : `${sentence.slice(0, 97)}…`;
  }
  return `${METHOD_WORDS[method] ?? method} ${url.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}')}`;
}

interface RouteFacts {
  signedIn: boolean;
  rateLimited: boolean;
}

/** Who may call a route and whether it has a limit of its own, from its options. */
export function routeFacts(route: { config?: unknown }): RouteFacts {
  const config = (route.config ?? {}) as { signedIn?: unknown; rateLimit?: unknown };
  return {
    signedIn: config.signedIn === true,
    rateLimited: config.rateLimit !== undefined && config.rateLimit !== false,
  };
}

/** The error statuses a route can answer, from what it takes and who may call it. */
function errorStatuses(method: string, schema: Record<string, unknown>, facts: RouteFacts): number[] {
  const statuses = new Set<number>([500, 503]);
  if (schema.body || schema.querystring || schema.params) statuses.add(400);
  if (schema.params) statuses.add(404);
  if (schema.body) statuses.add(413).add(415);
  if (facts.signedIn) statuses.add(401).add(403);
  if (facts.signedIn && method !== 'GET') statuses.add(409);
  if (facts.rateLimited) statuses.add(429);
  return [...statuses].sort();
}

export function openApiOptions(publicUrl: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Bulkwise API',
        version: '1.0.0',
        description: 'B2B wholesale marketplace',
        license: { name: 'Proprietary', url: `${publicUrl}/` },
      },
      servers: [{ url: publicUrl, description: 'this deployment' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        schemas: {
          ErrorBody: z.toJSONSchema(ErrorBodySchema, { target: 'openapi-3.0' }) as Record<string, unknown>,
        },
      },
    },
    transform(args) {
      const out = jsonSchemaTransform(args);
      const method = String(args.route.method);
      const schema = { ...(out.schema as Record<string, unknown>) };
      const facts = routeFacts(args.route);
      const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
      for (const status of errorStatuses(method, schema, facts)) {
        response[status] ??= {
          description: 'Error (the API error body: code, message, requestId)',
          ...ERROR_REF,
        };
      }
      schema.response = response;
      schema.operationId ??= operationIdOf(method, out.url);
      schema.summary ??= summaryOf(method, out.url, schema.description);
      schema.security ??= facts.signedIn ? [{ bearer: [] }] : [];
      return { ...out, schema };
    },
  };
}
