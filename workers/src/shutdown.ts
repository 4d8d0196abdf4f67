import type { Logger } from 'pino';

/** A stop must end within this: orchestrators send SIGKILL after 10 s (Docker, Kubernetes' default is 30 s). */
export const SHUTDOWN_DEADLINE_MS = 9500;

/**
 * On SIGTERM or SIGINT runs `stop` (finish what is in hand, close pools) once, then exits 0. If
 * that takes longer than the deadline the process exits 1 anyway, so it never outlives its
 * orchestrator's patience; a job cut short that way is picked up again as a stalled job.
 */
export function exitOnSignal(logger: Logger, stop: () => Promise<void>, deadlineMs = SHUTDOWN_DEADLINE_MS) {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing the work in hand');
    const deadline = setTimeout(() => {
      logger.error({ deadlineMs }, 'stop took too long; exiting');
      process.exit(1);
    }, deadlineMs);
    deadline.unref();
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
