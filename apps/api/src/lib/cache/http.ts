import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, type CachedResponse } from './cache';

/** Weak comparison (RFC 9110 8.8.3.2): compression may re-encode the body, the representation is the same. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/**
 * Sends a serialised JSON body with its validator, or 304 when the client already has it. `no-cache`
 * lets browsers keep the body but ask every time, so a purchase is never hidden by a stale copy.
 */
export function sendJson(req: FastifyRequest, reply: FastifyReply, entry: CachedResponse) {
  if (entry.headers) for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
  reply.header('etag', `W/${entry.etag}`);
  reply.header('cache-control', 'no-cache');
  if (matches(req.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  // A string with a JSON content type goes out as it is: it went through the response schema once.
  return reply.type('application/json; charset=utf-8').send(entry.body);
}

/** For a body that is not kept (an uncacheable query, or caching is off): the same headers and 304s. */
export const uncached = (body: string, headers?: Record<string, string>): CachedResponse => ({
  body,
  etag: etagOf(body),
  ...(headers ? { headers } : {}),
});
