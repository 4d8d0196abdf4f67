import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http/errors.js';
import {
  isDependencyUnavailable,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
} from '../lib/http/unavailable.js';

export const MALFORMED_MULTIPART_MESSAGE =
  'The upload is not well-formed multipart/form-data: its boundary is missing or wrong, or the body ends before its closing boundary.';

/**
 * What the multipart parser (busboy) throws for a body that is not well-formed, and the premature
 * close of a file part cut short by the end of the request: the client's mistake, not ours.
 */
const MALFORMED_MULTIPART =
  /^Multipart: Boundary not found|^Unexpected end of (form|multipart data)|terminated early|^Malformed part header/;
function isMalformedMultipart(error: FastifyError, request: FastifyRequest): boolean {
  const contentType = String(request.headers['content-type'] ?? '').toLowerCase();
  if (!contentType.startsWith('multipart/')) return false;
  return MALFORMED_MULTIPART.test(error.message) || error.code === 'ERR_STREAM_PREMATURE_CLOSE';
}

// Error replies are always JSON with a `message`. A client's mistake is a 4xx with a clear
// message; only a fault of ours is a 500, and its details stay in the log.
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, ...error.details });
    }
    if (error.validation) {
      return reply.status(400).send({ message: `Invalid request: ${error.message}` });
    }
    if (isMalformedMultipart(error, request)) {
      return reply.status(400).send({ message: MALFORMED_MULTIPART_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    if (isDependencyUnavailable(error)) {
      request.log.warn({ err: error }, 'a service the request needs is unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'An unexpected error occurred.' });
  });
});
