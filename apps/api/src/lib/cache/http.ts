import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CachedResponse } from './cache';

export { uncached } from './cache';

/** Weak comparison (RFC 9110 8.8.3.2): compression may re-encode the body, the representation is the same. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/** Below this, compression costs more than it saves (the same threshold as @fastify/compress in app.ts). */
const COMPRESS_THRESHOLD = 1024;

function accepted(acceptEncoding: string | undefined, name: 'br' | 'gzip'): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((part) => {
    const [token, ...params] = part.trim().split(';');
    return token?.trim() === name && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

/** A copy kept with a cached entry counts against its cache's memory limit. */
function counted(entry: CachedResponse, copy: Buffer): Buffer {
  entry.grow?.(copy.byteLength);
  return copy;
}

/**
 * Brotli's window sized to the body: at quality 9 the default 4 MB window costs 57 ms for a 10 KB page
 * (its tables are set up whatever the input), a 64 KB one 0.4 ms, for the same output.
 */
function windowBitsFor(bytes: number): number {
  return Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(16, Math.ceil(Math.log2(bytes + 1))));
}

type Encoding = 'br' | 'gzip';

/** Brotli when the client takes it, else gzip, else none. */
function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (accepted(acceptEncoding, 'br')) return 'br';
  if (accepted(acceptEncoding, 'gzip')) return 'gzip';
  return undefined;
}

/**
 * A kept body is compressed once, when first asked for, so Brotli may take a high quality; a body made
 * for one answer at quality 2 (with the sized window: 40 us for 10 KB, 10 % larger than quality 4 and
 * half its cost).
 */
const BROTLI_QUALITY = { kept: 9, oneAnswer: 2 } as const;

function compress(body: string, encoding: Encoding, brotliQuality: number): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: 6 });
  const bytes = Buffer.byteLength(body);
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
      [constants.BROTLI_PARAM_LGWIN]: windowBitsFor(bytes),
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    },
  });
}

/**
 * Bodies made for one answer (a page that is not kept, a stale search page) are compressed here, in one
 * call: @fastify/compress's stream costs several times that per answer (product HTML made per request at
 * 50 connections: 903 req/s, p99 151 ms through it; 2,310 req/s, p99 46 ms in one call). Larger ones go to
 * @fastify/compress, which works off the event loop.
 */
const COMPRESS_IN_ONE_CALL_MAX = 64 * 1024;

/**
 * The body in the client's encoding, or undefined to send it as it is (or, for a large one-answer body,
 * to leave it to @fastify/compress). A kept body's encodings are made once, when first asked for, and
 * kept with it: a product page or a listing is read thousands of times per write.
 */
function encodedBody(
  req: FastifyRequest,
  entry: CachedResponse,
): { encoding: Encoding; body: Buffer } | undefined {
  if (entry.body.length < COMPRESS_THRESHOLD) return undefined;
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  if (!encoding) return undefined;
  if (entry.transient) {
    if (entry.body.length > COMPRESS_IN_ONE_CALL_MAX) return undefined;
    return { encoding, body: compress(entry.body, encoding, BROTLI_QUALITY.oneAnswer) };
  }
  const encoded = (entry.encoded ??= {});
  encoded[encoding] ??= counted(entry, compress(entry.body, encoding, BROTLI_QUALITY.kept));
  return { encoding, body: encoded[encoding] };
}

/**
 * Sends a serialised JSON body with its validator, or 304 when the client already has it. `no-cache`
 * lets browsers keep the body but ask every time, so a purchase is never hidden by a stale copy.
 */
export function sendJson(req: FastifyRequest, reply: FastifyReply, entry: CachedResponse) {
  return sendCached(req, reply, entry, 'application/json; charset=utf-8');
}

/** The same for a server-made HTML page (modules/pages). */
export function sendHtml(req: FastifyRequest, reply: FastifyReply, entry: CachedResponse) {
  return sendCached(req, reply, entry, 'text/html; charset=utf-8');
}

function sendCached(req: FastifyRequest, reply: FastifyReply, entry: CachedResponse, type: string) {
  if (entry.headers) for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
  reply.header('etag', `W/${entry.etag}`);
  reply.header('cache-control', 'no-cache');
  reply.header('vary', 'accept-encoding');
  if (reply.statusCode === 200 && matches(req.headers['if-none-match'], entry.etag)) {
    return reply.code(304).send();
  }
  reply.type(type);
  const encoded = encodedBody(req, entry);
  // A content-encoding already set tells @fastify/compress to leave the body alone.
  if (encoded) return reply.header('content-encoding', encoded.encoding).send(encoded.body);
  // A string with a JSON or HTML content type goes out as it is: it went through the response schema once. A kept
  // body worth compressing (a listing page: 14 KB) is also kept as bytes, so an answer to a client that
  // does not compress is not measured and encoded again each time (a product page stays a string:
  // 100,000 of them would double the cache's memory).
  if (!entry.transient && entry.body.length >= COMPRESS_THRESHOLD) {
    return reply.send(((entry.encoded ??= {}).identity ??= counted(entry, Buffer.from(entry.body))));
  }
  return reply.send(entry.body);
}
