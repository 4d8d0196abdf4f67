import { useEffect, useState } from 'react';

export type PartnerImageState =
  | { status: 'loading' }
  | { status: 'found'; src: string }
  | { status: 'missing' }
  | { status: 'error' };

/**
 * The current image at `url` as an object URL, telling 'missing' (404, SPEC.md §8 "not uploaded
 * yet") from other failures.
 */
export function usePartnerImage(url: string): PartnerImageState {
  const [state, setState] = useState<PartnerImageState>({ status: 'loading' });
  useEffect(() => {
    let objectUrl: string | null = null;
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetch(url, { credentials: 'same-origin', signal: controller.signal, cache: 'no-store' })
      .then(async (response) => {
        if (response.status === 404) return setState({ status: 'missing' });
        if (!response.ok) return setState({ status: 'error' });
        objectUrl = URL.createObjectURL(await response.blob());
        setState({ status: 'found', src: objectUrl });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          console.error('Reading the image failed', error);
          setState({ status: 'error' });
        }
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}
