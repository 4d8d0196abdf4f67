import { FRAME_CHECK_INTERVAL_MS, FRAME_CHECK_TIMEOUT_MS, TABLEAU_SCALE_BELOW_PX } from '../common/limits.js';
import { MESSAGES } from '../common/messages.js';

// SPEC.md §4 (Dashboard embed) and §8: the states of an embedded dashboard, the frame check after
// load, and the message a failure shows.
export type EmbedState = 'loading' | 'loaded' | 'failed' | 'sessionExpired';

/** The class of the element every dashboard page has once it has rendered (the frame check looks for it). */
export const DASHBOARD_VIEWPORT_SELECTOR = '.viewport';

/** What the viewer can see of a same-origin frame. `status` is 0 when the browser does not tell. */
export type FrameObservation = {
  readyState: 'loading' | 'interactive' | 'complete' | 'unknown';
  status: number;
  hasViewport: boolean;
};

export type FrameVerdict = { result: 'loaded' } | { result: 'wait' } | { result: 'failed'; status: number };

/**
 * One look at the frame: a non-2xx status fails at once; a complete document with the viewport
 * element is loaded; otherwise wait, and once the time-out has passed, fail.
 */
export function judgeFrame(observation: FrameObservation, elapsedMs: number): FrameVerdict {
  const { status, readyState, hasViewport } = observation;
  if (status !== 0 && (status < 200 || status > 299)) return { result: 'failed', status };
  if (readyState === 'complete' && hasViewport) return { result: 'loaded' };
  if (elapsedMs >= FRAME_CHECK_TIMEOUT_MS) return { result: 'failed', status };
  return { result: 'wait' };
}

export const FRAME_CHECK = {
  intervalMs: FRAME_CHECK_INTERVAL_MS,
  timeoutMs: FRAME_CHECK_TIMEOUT_MS,
} as const;

const UNAVAILABLE_STATUSES = new Set([400, 404, 500, 503]);

/** SPEC.md §8: 400, 404, 500 or 503 → 'Sorry - …'; any other failure → 'Something went wrong…'. */
export function dashboardFailureMessage(status: number): string {
  return UNAVAILABLE_STATUSES.has(status) ? MESSAGES.dashboardUnavailable : MESSAGES.dashboardError;
}

/** SPEC.md §9: Tableau is scaled down below 1830 px wide; at or above it, shown at full size. */
export function tableauScale(widthPx: number): number {
  if (widthPx <= 0) return 1;
  return widthPx < TABLEAU_SCALE_BELOW_PX ? widthPx / TABLEAU_SCALE_BELOW_PX : 1;
}
