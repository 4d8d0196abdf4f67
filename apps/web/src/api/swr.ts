import { useCallback, useState } from 'react';
import useSWR, { type SWRConfiguration } from 'swr';
import { ApiError, get } from './api.js';

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
