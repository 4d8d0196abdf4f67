import { Divider } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { PageFrame } from '../../components/PageFrame.js';
import {
  MarketingImageUpload,
  PartnerLogoUpload,
} from '../../components/partner-images/PartnerImageUploads.js';

/** SPEC.md §2 /marketing/latest/{partnerCode}: the partner's marketing image, and its logo. */
export default function MarketingUploadPage() {
  const { partnerCode = '' } = useParams();
  return (
    <PageFrame trail={['marketing']} title={`Marketing Content: ${partnerCode}`}>
      <MarketingImageUpload partnerCode={partnerCode} />
      <Divider my="md" />
      <PartnerLogoUpload partnerCode={partnerCode} />
    </PageFrame>
  );
}
