import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * JSON, and besides it whatever mime-db marks compressible (text/csv among them: the plugin falls
 * back to mime-db whatever customTypes says). A route whose bytes must go out as stored declares
 * `compress: false`: the report download, whose ETag, Repr-Digest and byte ranges describe them.
 * A partial reply (206, Content-Range) is never compressed by the plugin.
 */
const JSON_TYPES = /^application\/(?:[\w.-]+\+)?json(?:;|$)/;
/**
 * Below about one packet compression saves no round trip, only CPU. Measured on a reports-list
 * reply (Node 20, this machine): 4.9 KB -> brotli 4: 0.4 KB in 29 us (gzip 6: 0.5 KB in 66 us,
 * brotli 11: 5 ms); 30 KB -> brotli 4: 1.5 KB in 142 us (gzip 6: 4.9 KB in 411 us).
 */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses JSON replies above COMPRESS_THRESHOLD with the encoding the client prefers (brotli
 * at quality 4, the plugin's default for dynamic content; 11 would cost 10x more CPU), and marks
 * replies as private and not to be stored: they depend on who asks. A route that knows better
 * (a logo, a public image, the SPA's files and pages) sets its own Cache-Control.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    customTypes: JSON_TYPES,
  });
  // Every reply, whatever route or spelling served it; the file server sets its own on the raw reply.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control')) {
      reply.header('cache-control', 'private, no-store');
    }
  });
});
