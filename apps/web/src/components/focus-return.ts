import { useEffect, useRef, useState } from 'react';
import { MAIN_ID } from '../layout/SkipLink.js';

// Where focus goes when a dialog closes. Mantine returns it to the element focused when the dialog
// opened, but a confirmed Delete removes that button with its row, and a dialog rendered only while
// open never sees itself close: focus then falls to the body and a keyboard or screen-reader user
// starts again from the top of the page. WCAG 2.4.3: it goes back to the opener while it is still
// on the page, else to the page's heading (the list's title), else to the main region.

/** Mantine's own return runs 10 ms after the close; this runs after it, and after the list re-rendered. */
const AFTER_CLOSE_MS = 30;

/** The focused element, read when a dialog is asked for and before it takes focus. */
export function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/** Focuses `opener` if it is still there to focus, else the page heading, else the main region. */
export function returnFocus(opener: HTMLElement | null): void {
  // A hidden, disabled or inert opener does not take focus: the check after focus() sees it.
  if (opener?.isConnected && opener.closest('[aria-hidden="true"]') === null) {
    opener.focus();
    if (document.activeElement === opener) return;
  }
  const main = document.getElementById(MAIN_ID);
  const heading = (main ?? document).querySelector<HTMLElement>('h1');
  if (heading) {
    // Focusable by script only: the heading does not become a stop of the Tab order.
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus();
    if (document.activeElement === heading) return;
  }
  main?.focus({ preventScroll: true });
}

/** Returns focus (see returnFocus) once the dialog has closed and the page has drawn what changed. */
export function returnFocusAfterClose(opener: HTMLElement | null): () => void {
  const timer = window.setTimeout(() => {
    // The page may be gone by then (a test environment torn down, a window closed): nothing to focus.
    if (typeof document !== 'undefined') returnFocus(opener);
  }, AFTER_CLOSE_MS);
  return () => window.clearTimeout(timer);
}

/**
 * For a dialog component that is mounted only while it is open: remembers the element focused when
 * it mounts (the button that opened it) and returns focus when it unmounts. A remount straight
 * after the unmount (React's StrictMode checks) cancels the return.
 */
export function useReturnFocusOnUnmount(): void {
  const [opener] = useState(focusedElement);
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => {
    pending.current?.();
    pending.current = null;
    return () => {
      pending.current = returnFocusAfterClose(opener);
    };
  }, [opener]);
}
