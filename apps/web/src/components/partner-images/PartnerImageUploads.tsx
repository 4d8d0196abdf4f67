import { MESSAGES } from '@portal/domain';
import { ImageUploadPanel } from './ImageUploadPanel.js';

// The two uploads of a partner, ready to place on any admin page (the marketing upload page,
// the partner edit page).

export function PartnerLogoUpload({ partnerCode }: { partnerCode: string }) {
  const code = encodeURIComponent(partnerCode);
  return (
    <ImageUploadPanel
      kind="LOGO"
      partnerCode={partnerCode}
      title="Partner Logo"
      imageUrl={`/api/logo/${code}`}
      uploadUrl={`/api/logo/${code}`}
      notFoundMessage={MESSAGES.logoNotFound}
      failureMessage="Error uploading new Partner Logo"
      accept="image/png"
    />
  );
}

export function MarketingImageUpload({ partnerCode }: { partnerCode: string }) {
  const code = encodeURIComponent(partnerCode);
  return (
    <ImageUploadPanel
      kind="MARKETING"
      partnerCode={partnerCode}
      title="Marketing Content"
      imageUrl={`/api/marketing/latest/${code}`}
      uploadUrl={`/api/marketing/upload/${code}`}
      notFoundMessage={MESSAGES.marketingNotFound}
      failureMessage={MESSAGES.uploadFailed}
      accept="image/png,image/jpeg"
    />
  );
}
