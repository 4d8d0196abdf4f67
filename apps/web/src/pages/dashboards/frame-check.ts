import { DASHBOARD_VIEWPORT_SELECTOR, FRAME_CHECK, type FrameObservation, judgeFrame } from '@portal/domain';

/**
 * What a same-origin frame shows: its document's readiness, the HTTP status of its navigation
 * (Navigation Timing's responseStatus) and whether the viewport element is there. A cross-origin
 * frame cannot be read: undefined.
 */
export function observeFrame(frame: HTMLIFrameElement): FrameObservation | undefined {
  try {
    const doc = frame.contentDocument;
    if (!doc) return undefined;
    const entry = frame.contentWindow?.performance.getEntriesByType('navigation')[0] as
      | (PerformanceNavigationTiming & { responseStatus?: number })
      | undefined;
    const readyState = doc.readyState as FrameObservation['readyState'];
    const blank = doc.location.href === 'about:blank';
    return {
      readyState: blank ? 'loading' : readyState,
      status: entry?.responseStatus ?? 0,
      hasViewport: doc.querySelector(DASHBOARD_VIEWPORT_SELECTOR) !== null,
    };
  } catch {
    return undefined;
  }
}

export type FrameOutcome =
  | { result: 'loaded' }
  | { result: 'failed'; status: number; reason: string }
  | { result: 'unreadable' };

/**
 * SPEC.md §4 and §9: after load, look at the frame every 500 ms for up to 10 000 ms. Resolves when
 * it is loaded, failed, or cannot be read (another origin); `signal` stops it.
 */
export function checkFrame(frame: HTMLIFrameElement, signal: AbortSignal): Promise<FrameOutcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const look = () => {
      if (signal.aborted) return;
      const observation = observeFrame(frame);
      if (!observation) return resolve({ result: 'unreadable' });
      const verdict = judgeFrame(observation, Date.now() - started);
      if (verdict.result === 'loaded') return resolve(verdict);
      if (verdict.result === 'failed') {
        const reason =
          verdict.status !== 0 && (verdict.status < 200 || verdict.status > 299) ? 'status' : 'no viewport';
        return resolve({ result: 'failed', status: verdict.status, reason });
      }
      setTimeout(look, FRAME_CHECK.intervalMs);
    };
    look();
  });
}

/** The frame a vendor's SDK puts in `host` (or in its open shadow root), waited for up to 10 000 ms. */
export async function waitForFrame(
  host: HTMLElement,
  signal: AbortSignal,
): Promise<HTMLIFrameElement | undefined> {
  for (let waited = 0; waited < FRAME_CHECK.timeoutMs && !signal.aborted; waited += 100) {
    const frame = host.shadowRoot?.querySelector('iframe') ?? host.querySelector('iframe');
    if (frame) return frame;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}
