import type { PartnerImageKind } from '@portal/domain';
import type { PartnerImagesReply } from '@portal/domain/api/partner-images';
import { useEffect, useState } from 'react';

export type PartnerImageState =
  | { status: 'loading' }
  | { status: 'found'; src: string }
  | { status: 'missing' }
  | { status: 'error' };

export const partnerImagesPath = (partnerCode: string) =>
  `/api/partner-images/${encodeURIComponent(partnerCode)}`;

/**
 * Whether the partner has an image of `kind`, from GET /api/partner-images/{code}: asking for a
 * missing image answers 404, which the browser reports as a console error (issue 24). Undefined
 * when that read fails: the image's own read then tells.
 */
export async function hasPartnerImage(
  partnerCode: string,
  kind: PartnerImageKind,
  signal?: AbortSignal,
): Promise<boolean | undefined> {
  const response = await fetch(partnerImagesPath(partnerCode), {
    credentials: 'same-origin',
    signal: signal ?? null,
    cache: 'no-store',
    headers: { Accept: 'application/json', 'X-Requested-With': 'portal' },
  });
  if (!response.ok) return undefined;
  const images = (await response.json()) as Partial<PartnerImagesReply>;
  const image = kind === 'LOGO' ? images.logo : images.marketing;
  return image === undefined ? undefined : image !== null;
}

/**
 * The current image of `kind` at `url` as an object URL, telling 'missing' (none uploaded, SPEC.md
 * §8 "not uploaded yet", known before asking or from a 404) from other failures.
 */
export function usePartnerImage(url: string, partnerCode: string, kind: PartnerImageKind): PartnerImageState {
  const [state, setState] = useState<PartnerImageState>({ status: 'loading' });
  useEffect(() => {
    let objectUrl: string | null = null;
    const controller = new AbortController();
    const { signal } = controller;
    setState({ status: 'loading' });
    (async () => {
      const present = await hasPartnerImage(partnerCode, kind, signal).catch(() => undefined);
      if (present === false) return setState({ status: 'missing' });
      const response = await fetch(url, { credentials: 'same-origin', signal, cache: 'no-store' });
      if (response.status === 404) return setState({ status: 'missing' });
      if (!response.ok) return setState({ status: 'error' });
      objectUrl = URL.createObjectURL(await response.blob());
      setState({ status: 'found', src: objectUrl });
    })().catch((error: unknown) => {
      if (!signal.aborted) {
        console.error('Reading the image failed', error);
        setState({ status: 'error' });
      }
    });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, partnerCode, kind]);
  return state;
}
