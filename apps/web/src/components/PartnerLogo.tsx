import { Image, type ImageProps } from '@mantine/core';
import { DEFAULT_PARTNER_LOGO } from './default-logo.js';

type PartnerLogoProps = ImageProps & {
  partnerCode: string;
  partnerName?: string;
  /** Changes the address after an upload, so the new logo shows at once. */
  version?: string | number;
  /** false when the partner has no uploaded logo: the default shows without a request that would 404. */
  hasLogo?: boolean;
};

/**
 * The logo of a partner card: the uploaded logo of the partner code (GET /api/logo/{partnerCode}),
 * or the default logo when the partner has none (told by `hasLogo`, or a 404) or it cannot be read.
 */
export function PartnerLogo({
  partnerCode,
  partnerName,
  version,
  hasLogo,
  h = 80,
  ...props
}: PartnerLogoProps) {
  const src =
    hasLogo === false
      ? DEFAULT_PARTNER_LOGO
      : `/api/logo/${encodeURIComponent(partnerCode)}${version === undefined ? '' : `?v=${version}`}`;
  return (
    <Image
      src={src}
      fallbackSrc={DEFAULT_PARTNER_LOGO}
      alt={`${partnerName ?? partnerCode} logo`}
      h={h}
      fit="contain"
      data-partner-logo={partnerCode}
      {...props}
    />
  );
}
