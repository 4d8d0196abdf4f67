import { useSWRConfig } from 'swr';

/**
 * Drops the cached reads whose path starts with one of `prefixes`, so the next page that shows
 * them reads them afresh (after a save, an edit form must not start from the old values).
 * Revalidating also clears swr's record of the last request: deleting from the cache alone would
 * leave a page mounted within the dedupe interval waiting for data that never comes.
 */
export function useForget(...prefixes: string[]) {
  const { mutate } = useSWRConfig();
  return () =>
    mutate((key) => typeof key === 'string' && prefixes.some((prefix) => key.startsWith(prefix)), undefined, {
      revalidate: true,
    });
}
