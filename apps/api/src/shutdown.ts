import { exitOnSignal as exitProcessOnSignal, SHUTDOWN_DEADLINE_MS } from '@portal/process/shutdown';
import type { FastifyBaseLogger } from 'fastify';

export { SHUTDOWN_DEADLINE_MS };

/**
 * On SIGTERM or SIGINT: `stop` once (no new connections, requests in flight finish, pools
 * close), then exit 0; past the deadline, exit 1 anyway.
 */
export function exitOnSignal(
  logger: FastifyBaseLogger,
  stop: () => Promise<void>,
  deadlineMs = SHUTDOWN_DEADLINE_MS,
): void {
  exitProcessOnSignal({
    logger,
    stopping: 'no new connections, finishing requests in flight',
    stop,
    deadlineMs,
  });
}
