import { dashboardFailureMessage, type EmbedState, MESSAGES } from '@portal/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { trackFailure, trackView } from './dashboard-api.js';
import { checkFrame } from './frame-check.js';

export type EmbedView = { state: EmbedState; message: string | null };

/**
 * The embed states of SPEC.md §4 for one dashboard: a view is tracked once when it opens; a failure
 * is shown with its §8 message and always reported with the failure-tracking call.
 */
export function useEmbedState(dashboardId: number | undefined, options: { quicksight?: boolean } = {}) {
  const [view, setView] = useState<EmbedView>({ state: 'loading', message: null });
  const tracked = useRef<number | undefined>(undefined);
  const failed = useRef(false);
  const { quicksight = false } = options;

  useEffect(() => {
    if (dashboardId === undefined || tracked.current === dashboardId) return;
    tracked.current = dashboardId;
    failed.current = false;
    setView({ state: 'loading', message: null });
    trackView(dashboardId);
  }, [dashboardId]);

  const fail = useCallback(
    (status: number, reason: string) => {
      if (failed.current) return;
      failed.current = true;
      setView({
        state: 'failed',
        message: quicksight ? MESSAGES.quicksightFailed : dashboardFailureMessage(status),
      });
      if (dashboardId !== undefined) trackFailure(dashboardId, { status, reason });
    },
    [dashboardId, quicksight],
  );
  const loaded = useCallback(() => {
    if (!failed.current) setView({ state: 'loaded', message: null });
  }, []);
  const expired = useCallback(() => setView({ state: 'sessionExpired', message: null }), []);

  /** Checks a same-origin frame after its load; an unreadable (cross-origin) frame is left to the vendor's events. */
  const watch = useCallback(
    async (frame: HTMLIFrameElement, signal: AbortSignal) => {
      const outcome = await checkFrame(frame, signal);
      if (signal.aborted) return;
      if (outcome.result === 'loaded') loaded();
      if (outcome.result === 'failed') fail(outcome.status, outcome.reason);
    },
    [fail, loaded],
  );

  return { ...view, fail, loaded, expired, watch };
}
