import { acknowledgeBanner, type BannerAcknowledgements, parseBannerAcknowledgements } from '@portal/domain';

/** SPEC.md §4: an acknowledged banner stays hidden for 24 hours, remembered in this browser. */
export const BANNER_ACK_KEY = 'bannerAcknowledgements';

export function readBannerAcknowledgements(storage: Storage = window.localStorage): BannerAcknowledgements {
  try {
    return parseBannerAcknowledgements(storage.getItem(BANNER_ACK_KEY));
  } catch {
    return {};
  }
}

export function storeBannerAcknowledgement(
  version: string,
  now: Date,
  storage: Storage = window.localStorage,
): BannerAcknowledgements {
  const acks = acknowledgeBanner(readBannerAcknowledgements(storage), version, now);
  try {
    storage.setItem(BANNER_ACK_KEY, JSON.stringify(acks));
  } catch {
    // Storage full or refused (private mode): hidden for this page view only.
  }
  return acks;
}
