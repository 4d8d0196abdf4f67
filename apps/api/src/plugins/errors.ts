import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** An error whose message is meant for the user, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new HttpError(400, message, details);
export const forbidden = (message = 'Access to this place or content is restricted.') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new HttpError(409, message, details);

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
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'An unexpected error occurred.' });
  });
});
