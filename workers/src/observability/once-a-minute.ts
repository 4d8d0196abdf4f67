import type { Clock } from '@portal/process/clock';

/**
 * Passes an error on, but the same message at most once a minute by `now`: while Redis is away, the
 * same error repeats at every reconnect.
 */
export function onceAMinute(report: (error: Error) => void, now: Clock): (error: Error) => void {
  let last = { message: '', at: Number.NEGATIVE_INFINITY };
  return (error) => {
    const at = now().getTime();
    if (error.message === last.message && at - last.at < 60_000) return;
    last = { message: error.message, at };
    report(error);
  };
}
