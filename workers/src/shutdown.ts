import { exitOnSignal as exitProcessOnSignal, SHUTDOWN_DEADLINE_MS } from '@portal/process/shutdown';
import type { Logger } from 'pino';

export { SHUTDOWN_DEADLINE_MS };

/**
 * On SIGTERM or SIGINT runs `stop` (finish what is in hand, close pools) once, then exits 0; past
 * the deadline exits 1 anyway, and a job cut short that way is picked up again as a stalled job.
 */
export function exitOnSignal(logger: Logger, stop: () => Promise<void>, deadlineMs = SHUTDOWN_DEADLINE_MS) {
  exitProcessOnSignal({ logger, stopping: 'finishing the work in hand', stop, deadlineMs });
}
