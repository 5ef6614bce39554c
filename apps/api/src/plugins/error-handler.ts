import type { ErrorBody, ErrorCode } from '@bulkwise/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isRejectedValue } from '../db/errors';
import { AppError, ERROR_STATUS } from '../errors';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
};

function body(
  code: ErrorCode,
  message: string,
  requestId: string,
  fields?: Record<string, string>,
  details?: AppError['details'],
): ErrorBody {
  return { code, message, error: message, requestId, ...(fields ? { fields } : {}), ...details };
}

/** The first message of each invalid field, by its path (`body.price`), or the part that failed. */
function fieldsOf(issues: Array<{ instancePath: string; message?: string }>, context: string | undefined) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const where = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (context ?? 'request');
    fields[where] ??= issue.message ?? 'is invalid';
  }
  return fields;
}

/** The API's code of a 4xx Fastify or a plugin answered. */
function clientErrorCode(err: FastifyError, status: number): ErrorCode {
  return (
    FASTIFY_CODES[err.code] ??
    (status === 404
      ? 'NOT_FOUND'
      : status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : status === 415
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : 'BAD_REQUEST')
  );
}

function handleError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
    return reply
      .status(ERROR_STATUS[err.code])
      .send(body(err.code, err.message, req.id, err.fields, err.details));
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields = fieldsOf(err.validation, err.validationContext);
    const [first] = Object.entries(fields);
    const message = first ? `Invalid ${first[0]}: ${first[1]}` : 'Invalid request';
    return reply.status(400).send(body('VALIDATION_FAILED', message, req.id, fields));
  }
  if (isResponseSerializationError(err)) {
    req.log.error({ err }, 'response failed its schema');
    return reply.status(500).send(body('INTERNAL', 'Internal server error', req.id));
  }
  if (isDatabaseUnavailable(err)) {
    req.log.error({ err }, 'database unavailable');
    return reply
      .status(503)
      .header('retry-after', '5')
      .send(
        body(
          'SERVICE_UNAVAILABLE',
          'The service is temporarily unavailable. Please try again shortly.',
          req.id,
        ),
      );
  }
  if (isRejectedValue(err)) {
    req.log.warn({ err }, 'the database refused a value of the request');
    return reply
      .status(400)
      .send(body('BAD_REQUEST', 'The request contains a value the database cannot accept', req.id));
  }
  const status = err.statusCode ?? 500;
  if (status === 429) {
    return reply
      .status(429)
      .send(body('RATE_LIMITED', 'Too many requests. Please slow down and try again.', req.id));
  }
  if (status >= 400 && status < 500) {
    const code = clientErrorCode(err, status);
    const message = code === 'PAYLOAD_TOO_LARGE' ? 'Request body is too large' : err.message;
    return reply
      .status(ERROR_STATUS[code] === 400 ? status : ERROR_STATUS[code])
      .send(body(code, message, req.id));
  }
  req.log.error({ err }, 'unhandled error');
  return reply.status(500).send(body('INTERNAL', 'Internal server error', req.id));
}

/** While the server drains, new requests get a 503 and every answer closes its connection. */
function refuseWhileClosing(app: FastifyInstance) {
  // Draining (app.close() on SIGTERM): requests already running finish; any that still arrives on an
  // open keep-alive connection gets this 503 rather than Fastify's own body (return503OnClosing is off),
  // and every response asks the client to close its connection so the server can stop.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback hooks, not async ones: they run on every request, and an async hook costs a promise and a
  // microtask each time for what is, until shutdown, one boolean test.
  app.addHook('onRequest', (req, reply, done) => {
    if (!closing) return done();
    reply
      .header('connection', 'close')
      .header('retry-after', '5')
      .header('x-content-type-options', 'nosniff');
    reply
      .status(503)
      .send(body('SERVICE_UNAVAILABLE', 'The server is restarting. Please try again shortly.', req.id));
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}

/** One error shape for every failure; 5xx bodies never carry internals (they are logged with the request id). */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  refuseWhileClosing(app);
  app.setErrorHandler(handleError);

  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .send(body('NOT_FOUND', `Route ${req.method} ${req.url.split('?')[0]} not found`, req.id));
  });
});

/**
 * Router failures that happen before any route or hook runs (a malformed percent-encoding, an
 * over-long path parameter): Fastify answers them with its own body unless given this option.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const message = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'Malformed URL';
  reply.header('x-content-type-options', 'nosniff');
  return reply.status(400).send(body('BAD_REQUEST', message, req.id));
}
