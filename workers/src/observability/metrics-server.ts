import { timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

export type MetricsServer = { port: number; close(): Promise<void> };

function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header?.toLowerCase().startsWith('bearer ')) return false;
  const given = Buffer.from(header.slice(7).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /metrics of a worker process, for Prometheus, with `Authorization: Bearer METRICS_TOKEN`.
 * Anything else answers 404 (unknown path) or 401 (no or wrong token).
 */
export async function startMetricsServer(options: {
  registry: Registry;
  token: string;
  port: number;
  host?: string;
}): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
      return;
    }
    if (!bearerMatches(request.headers.authorization, options.token)) {
      response
        .writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' })
        .end('{"message":"Authentication required"}');
      return;
    }
    options.registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': options.registry.contentType }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  server.listen(options.port, options.host ?? '0.0.0.0');
  await once(server, 'listening');
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
