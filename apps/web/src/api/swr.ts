import { useCallback, useState } from 'react';
import useSWR, { type SWRConfiguration } from 'swr';
import { ApiError, get } from './api.js';

/** Statuses whose message a page shows in place, or 'any' for every failure. */
export type ShownFailures = readonly number[] | 'any';

/** Global swr settings: every key is an API path read with the fetch layer's `get`. */
export const swrConfig: SWRConfiguration = {
  fetcher: (path: string) => get(path),
  // A failed read goes to the error screen (SPEC.md §8 "Generic load errors"); retrying would
  // only delay that.
  shouldRetryOnError: false,
  revalidateOnFocus: false,
};

/**
 * Reads an API path with swr. A failure is thrown to the nearest error boundary (the Technical
 * Difficulties screen) unless the fetch layer already sent the browser elsewhere, in which case the
 * page simply stays loading. Pass null to skip the read.
 */
export function useApi<T>(path: string | null, config?: SWRConfiguration<T, ApiError>) {
  const { data, error, isLoading, isValidating, mutate } = useSWR<T, ApiError>(path, config);
  const leaving = error instanceof ApiError && error.redirectedTo !== null;
  if (error !== undefined && !leaving) throw error;
  return { data, isLoading: isLoading || leaving, isValidating, mutate };
}

/**
 * Like useApi, but a failure of `shown` statuses is returned as `failure` for the page to show in
 * place: a message SPEC.md §5/§8 lists for a page ('Internal Users cannot be edited.') is shown
 * there even when its reply is a 400, and the dashboard viewers show and report every failure of
 * their embed read (§4). Other failures still go to the error screen.
 */
export function useApiShowing<T>(
  path: string | null,
  shown: ShownFailures,
  config?: SWRConfiguration<T, ApiError>,
) {
  const { data, error, isLoading, isValidating, mutate } = useSWR<T, ApiError>(path, config);
  const leaving = error instanceof ApiError && error.redirectedTo !== null;
  const failure =
    error instanceof ApiError && !leaving && (shown === 'any' || shown.includes(error.status))
      ? error
      : undefined;
  if (error !== undefined && !leaving && failure === undefined) throw error;
  return { data, failure, isLoading: isLoading || leaving, isValidating, mutate };
}

/** The fetcher of reads whose failures the page shows itself: only a 401 leaves the page. */
export const fetchShowingFailures = (path: string) => get(path, { redirect: 'login-only' });

/**
 * For failures outside rendering (event handlers, effects): `throwToBoundary(error)` re-raises the
 * error during the next render so the error boundary shows it. Redirect failures are ignored.
 */
export function useThrowToBoundary(): (error: unknown) => void {
  const [, setState] = useState<null>(null);
  return useCallback((error: unknown) => {
    if (error instanceof ApiError && error.redirectedTo !== null) return;
    setState(() => {
      throw error;
    });
  }, []);
}
