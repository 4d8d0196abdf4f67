import { Image, VisuallyHidden } from '@mantine/core';
import { MODAL_TRANSITION_MS, shouldShowMarketingPopup } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useIsMobile } from '../layout/useIsMobile.js';
import { marketingPopupKey } from '../lib/marketing-storage.js';
import { LazyModal } from './LazyModal.js';
import { hasPartnerImage } from './partner-images/usePartnerImage.js';

// SPEC.md §2/§9: on the dashboard selection page of partners BJS, SAM and WSI, a mobile user sees
// the partner's marketing image once; the showing is remembered per partner in local storage.
// Nothing shows when the partner has no marketing image.

function alreadyShown(partnerCode: string): boolean {
  try {
    return window.localStorage.getItem(marketingPopupKey(partnerCode)) !== null;
  } catch {
    return true;
  }
}

function rememberShown(partnerCode: string): void {
  try {
    window.localStorage.setItem(marketingPopupKey(partnerCode), new Date().toISOString());
  } catch {
    // Storage refused: the popup may show again next time, which is harmless.
  }
}

export function MarketingPopup({ partnerCode }: { partnerCode: string }) {
  const isMobile = useIsMobile();
  const [eligible] = useState(() => !alreadyShown(partnerCode));
  const [loaded, setLoaded] = useState(false);
  const [closed, setClosed] = useState(false);
  const shows = shouldShowMarketingPopup(partnerCode, { isMobile, alreadyShown: !eligible });
  // Asked first, so that a partner without an image costs no 404 (a console error in the browser).
  const [present, setPresent] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    if (!shows) return;
    const controller = new AbortController();
    hasPartnerImage(partnerCode, 'MARKETING', controller.signal)
      .then((known) => setPresent(known ?? true))
      .catch(() => {});
    return () => controller.abort();
  }, [shows, partnerCode]);
  if (!shows || closed || present !== true) return null;

  const src = `/api/marketing/latest/${encodeURIComponent(partnerCode)}`;
  return (
    <>
      {/* Loaded out of sight first: the popup opens only if there is an image to show. */}
      {!loaded && (
        <img
          src={src}
          alt=""
          hidden
          onLoad={() => {
            rememberShown(partnerCode);
            setLoaded(true);
          }}
        />
      )}
      <LazyModal
        opened={loaded}
        onClose={() => setClosed(true)}
        // The image is the whole message; the dialog still needs a name for a screen reader.
        title={<VisuallyHidden>{`Marketing from ${partnerCode}`}</VisuallyHidden>}
        centered
        transitionProps={{ duration: MODAL_TRANSITION_MS }}
      >
        <Image src={src} alt={`${partnerCode} marketing`} data-testid="marketing-popup-image" />
      </LazyModal>
    </>
  );
}
