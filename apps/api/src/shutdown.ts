import type { FastifyBaseLogger } from 'fastify';

/** Orchestrators send SIGKILL 10 s after SIGTERM (Docker's default): end before that. */
export const SHUTDOWN_DEADLINE_MS = 9500;

/**
 * On SIGTERM or SIGINT: `stop` once (no new connections, requests in flight finish, pools
 * close), then exit 0; past the deadline, exit 1 anyway.
 */
export function exitOnSignal(
  logger: FastifyBaseLogger,
  stop: () => Promise<void>,
  deadlineMs = SHUTDOWN_DEADLINE_MS,
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: no new connections, finishing requests in flight');
    setTimeout(() => {
      logger.error({ deadlineMs }, 'stop took too long; exiting');
      process.exit(1);
    }, deadlineMs).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
