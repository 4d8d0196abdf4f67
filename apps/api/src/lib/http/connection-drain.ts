import type { IncomingMessage, Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/**
 * The first half of a graceful stop. Once Fastify's close() has begun, a request it reads answers
 * 503, even on a connection accepted before; and a connection still in the kernel's accept queue
 * when the listener closes is reset. So the listener closes first (new callers are refused, and a
 * load balancer sends them elsewhere), and the API waits, briefly, for the request of each
 * connection it had accepted, which it then serves as usual; only then does close() begin.
 */
export function watchConnections(server: Server) {
  const awaitingRequest = new Set<Socket>();
  /** Called when the last accepted connection has sent its request or closed. */
  let drained: (() => void) | undefined;
  const settled = (socket: Socket) => {
    if (awaitingRequest.delete(socket) && awaitingRequest.size === 0) drained?.();
  };
  server.on('connection', (socket: Socket) => {
    awaitingRequest.add(socket);
    socket.once('close', () => settled(socket));
  });
  server.on('request', (request: IncomingMessage) => settled(request.socket));

  return {
    /** Refuses new connections, then waits up to `waitMs` for the requests of accepted ones. */
    async stopAccepting(waitMs = 1000): Promise<void> {
      // net's close, not http's: http's also ends the idle keep-alive connections, which close() does later.
      if (server.listening) NetServer.prototype.close.call(server);
      if (awaitingRequest.size === 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        drained = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      drained = undefined;
    },
  };
}
