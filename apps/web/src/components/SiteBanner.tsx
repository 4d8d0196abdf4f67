import { Alert, Stack } from '@mantine/core';
import { bannerVersion, isBannerAcknowledged, isBannerShowing } from '@portal/domain';
import type { BannersReply } from '@portal/domain/api/banners';
import { useEffect, useState } from 'react';
import useSWR, { preload } from 'swr';
import { get } from '../api/api.js';
import { readBannerAcknowledgements, storeBannerAcknowledgement } from './banner-storage.js';

// SPEC.md §2/§4: the active banner shows on every page until it expires or is disabled; a user
// who acknowledges it does not see it for 24 hours. A failed read shows no banner rather than
// breaking the page.

const COLORS: Record<string, string> = { info: 'blue', success: 'green', warning: 'yellow', error: 'red' };
const REFRESH_MS = 5 * 60 * 1000;

const BANNERS = '/api/banner';

/**
 * Sends the banner read at once, beside the sign-in check, rather than once the signed-in layout
 * renders: under issue 16's phone profile it was the last read before the first page's largest
 * paint. The component's read then takes its answer (swr's preload). A refusal (signed out) shows
 * no banner, as any failed read does.
 */
export function preloadBanners(): void {
  void Promise.resolve(
    preload(BANNERS, (path: string) => get<BannersReply>(path, { redirect: false })),
  ).catch(() => {});
}

export function SiteBanner() {
  const { data } = useSWR<BannersReply>(BANNERS, {
    refreshInterval: REFRESH_MS,
    revalidateOnFocus: true,
    onError: () => {},
  });
  const [now, setNow] = useState(() => new Date());
  const [acks, setAcks] = useState(readBannerAcknowledgements);

  const shown = (data?.banners ?? []).filter(
    (banner) => isBannerShowing(banner, now) && !isBannerAcknowledged(acks, bannerVersion(banner), now),
  );

  // Hide a banner the moment its time to live ends, without waiting for the next read.
  const nextExpiry = Math.min(
    ...shown.map((banner) => (banner.expiresAt ? Date.parse(banner.expiresAt) : Number.POSITIVE_INFINITY)),
  );
  useEffect(() => {
    if (!Number.isFinite(nextExpiry)) return;
    const timer = setTimeout(() => setNow(new Date()), Math.max(0, nextExpiry - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [nextExpiry]);

  if (shown.length === 0) return null;
  const alertCodeOf = (code: string) => data?.bannerTypes.find((type) => type.bannerCode === code)?.alertCode;

  return (
    <Stack gap="xs" mb="md">
      {shown.map((banner) => (
        <Alert
          key={banner.bannerId}
          data-testid="site-banner"
          color={COLORS[alertCodeOf(banner.bannerType) ?? 'info'] ?? 'blue'}
          withCloseButton
          closeButtonLabel="Acknowledge"
          onClose={() => {
            const at = new Date();
            setNow(at);
            setAcks(storeBannerAcknowledgement(bannerVersion(banner), at));
          }}
        >
          {banner.bannerMessage}
        </Alert>
      ))}
    </Stack>
  );
}
