import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Serves the built SPA with history fallback, so one port serves the whole portal: any GET
// that is not an API call and not a file answers with index.html and the router takes over.
export const spaPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const root = resolve(options.root);
  const hasBuild = existsSync(resolve(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, { root, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path);
    if (hasBuild && isPage) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: `Route ${request.method} ${path} not found` });
  });
});
