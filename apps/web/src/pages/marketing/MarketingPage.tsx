import { MESSAGES, marketingDestination } from '@portal/domain';
import type { MarketingPartners } from '@portal/domain/api/marketing';
import { Navigate } from 'react-router-dom';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { NoAccessMessage } from '../../components/NoAccessMessage.js';
import { PageFrame } from '../../components/PageFrame.js';
import { type PartnerCard, PartnerCards, PartnerTabs } from '../../components/PartnerCards.js';

const uploadPath = (partnerCode: string) => `/marketing/latest/${encodeURIComponent(partnerCode)}`;
const toUpload = (partner: PartnerCard) => uploadPath(partner.code);

/** SPEC.md §2 Marketing select: the partners whose marketing content the user manages. */
export default function MarketingPage() {
  const { data } = useApi<MarketingPartners>('/api/marketing/partners');
  if (data === undefined) {
    return (
      <PageFrame>
        <CenteredLoader />
      </PageFrame>
    );
  }
  const destination = marketingDestination(data);
  if (destination.kind === 'upload') return <Navigate to={uploadPath(destination.partnerCode)} replace />;
  const types = data.accessTypes.filter((type) => (data.partners[type.code] ?? []).length > 0);
  return (
    <PageFrame>
      {destination.kind === 'none' ? (
        <NoAccessMessage message={MESSAGES.noPartnerAccess} />
      ) : types.length === 1 ? (
        <PartnerCards partners={data.partners[types[0]?.code ?? ''] ?? []} to={toUpload} />
      ) : (
        <PartnerTabs types={types} partners={data.partners} to={toUpload} />
      )}
    </PageFrame>
  );
}
