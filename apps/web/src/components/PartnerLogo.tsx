import { Image, type ImageProps } from '@mantine/core';
import { DEFAULT_PARTNER_LOGO } from './default-logo.js';

type PartnerLogoProps = ImageProps & {
  partnerCode: string;
  partnerName?: string;
  /** Changes the address after an upload, so the new logo shows at once. */
  version?: string | number;
};

/**
 * The logo of a partner card: the uploaded logo of the partner code (GET /api/logo/{partnerCode}),
 * or the default logo when there is none (404) or it cannot be read.
 */
export function PartnerLogo({ partnerCode, partnerName, version, h = 80, ...props }: PartnerLogoProps) {
  const src = `/api/logo/${encodeURIComponent(partnerCode)}${version === undefined ? '' : `?v=${version}`}`;
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
