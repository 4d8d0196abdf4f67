import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Parses request cookies and lets replies set them (the session and the pending sign-in's). */
export const cookiePlugin = fp(async (app: FastifyInstance) => {
  await app.register(cookie);
});
