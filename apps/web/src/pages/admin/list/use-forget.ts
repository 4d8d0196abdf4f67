import { useSWRConfig } from 'swr';

/**
 * Drops the cached reads whose path starts with one of `prefixes`, so the next page that shows
 * them reads them afresh (after a save, an edit form must not start from the old values).
 */
export function useForget(...prefixes: string[]) {
  const { mutate } = useSWRConfig();
  return () =>
    mutate((key) => typeof key === 'string' && prefixes.some((prefix) => key.startsWith(prefix)), undefined, {
      revalidate: false,
    });
}
