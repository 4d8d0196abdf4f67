import { useState } from 'react';
import { isLeaving } from '../api/api.js';

export type SubmitHandlers<T> = {
  /** After the call answered: the success message, the next page. */
  done?: (answer: T) => void | Promise<void>;
  /** The call (or `done`) failed: say so on the page. Not called when the page is being left. */
  failed: (error: unknown) => void;
  /** Last, whatever happened (a reload of the list). */
  settled?: () => void | Promise<void>;
};

/**
 * One submit of a page: `busy` while it runs (the button's loading state), then `done` with the
 * answer or `failed` with the error. A failure that already sent the browser elsewhere (a 401 to
 * the sign-in page) is not the page's to show: the page is unloading.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);

  async function submit<T>(send: () => Promise<T>, on: SubmitHandlers<T>): Promise<void> {
    setBusy(true);
    try {
      const answer = await send();
      await on.done?.(answer);
    } catch (error) {
      if (!isLeaving(error)) on.failed(error);
    } finally {
      setBusy(false);
      await on.settled?.();
    }
  }

  return { busy, submit };
}
