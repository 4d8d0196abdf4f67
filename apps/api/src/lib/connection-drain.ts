import type { IncomingMessage, Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The first half of a graceful stop. Node's http close() also ends every connection with no
 * request under way, and a connection the API has just accepted, whose request it has not read
 * yet, counts as one: a caller that had connected would get a reset instead of an answer. So the
 * listener closes first (new callers are refused, and a load balancer sends them elsewhere), and
 * the API waits, briefly, for the request of each connection it accepted before; only then does
 * Fastify's close() end what is idle.
 */
export function watchConnections(server: Server) {
  const awaitingRequest = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    awaitingRequest.add(socket);
    socket.once('close', () => awaitingRequest.delete(socket));
  });
  server.on('request', (request: IncomingMessage) => awaitingRequest.delete(request.socket));

  return {
    /** Refuses new connections, then waits up to `waitMs` for the requests of accepted ones. */
    async stopAccepting(waitMs = 1000): Promise<void> {
      // net's close, not http's: http's would end the connections still awaiting their request.
      if (server.listening) NetServer.prototype.close.call(server);
      const until = Date.now() + waitMs;
      while (awaitingRequest.size > 0 && Date.now() < until) await sleep(5);
    },
  };
}
