import type { IncomingMessage, Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The first half of a graceful stop. Once Fastify's close() has begun, a request it reads answers
 * 503, even on a connection accepted before; and a connection still in the kernel's accept queue
 * when the listener closes is reset. So the listener closes first (new callers are refused, and a
 * load balancer sends them elsewhere), and the API waits, briefly, for the request of each
 * connection it had accepted, which it then serves as usual; only then does close() begin.
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
      // net's close, not http's: http's also ends the idle keep-alive connections, which close() does later.
      if (server.listening) NetServer.prototype.close.call(server);
      const until = Date.now() + waitMs;
      while (awaitingRequest.size > 0 && Date.now() < until) await sleep(5);
    },
  };
}
