// How a process of the portal (the API, a worker) stops on SIGTERM or SIGINT: once, within the
// deadline its orchestrator allows. Node's process only, no I/O of ours: both apps import it.

/** Orchestrators send SIGKILL 10 s after SIGTERM (Docker's default; Kubernetes' is 30 s): end before that. */
export const SHUTDOWN_DEADLINE_MS = 9500;

/** The logging the stop needs: pino's and Fastify's loggers are both one. */
export type ShutdownLogger = {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
};

/** The part of Node's `process` the stop uses (a test passes its own). */
export type SignalledProcess = {
  on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  exit(code: number): void;
};

export type ExitOnSignalOptions = {
  logger: ShutdownLogger;
  /** What stopping means for this process, logged when the signal comes. */
  stopping: string;
  /** Finishes what is in hand and closes pools. */
  stop: () => Promise<void>;
  deadlineMs?: number;
  process?: SignalledProcess;
};

/**
 * On SIGTERM or SIGINT runs `stop` once, then exits 0 (1 if it failed). Past the deadline the
 * process exits 1 anyway, so it never outlives its orchestrator's patience; work cut short that
 * way is picked up again (a stalled job, a client's retry).
 */
export function exitOnSignal(options: ExitOnSignalOptions): void {
  const { logger, stop, deadlineMs = SHUTDOWN_DEADLINE_MS, process: proc = process } = options;
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `stopping: ${options.stopping}`);
    setTimeout(() => {
      logger.error({ deadlineMs }, 'stop took too long; exiting');
      proc.exit(1);
    }, deadlineMs).unref();
    stop().then(
      () => proc.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'stop failed');
        proc.exit(1);
      },
    );
  };
  proc.on('SIGTERM', onSignal);
  proc.on('SIGINT', onSignal);
}
