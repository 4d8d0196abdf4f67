import { MESSAGES } from '@portal/domain';
import type { PartnersReply } from '@portal/domain/api/reports';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { NoAccessMessage } from '../../components/NoAccessMessage.js';
import { PageFrame } from '../../components/PageFrame.js';
import { type PartnerCard, PartnerCards, PartnerTabs } from '../../components/PartnerCards.js';
import { ReportsStepper } from './ReportsStepper.js';
import { reportPaths } from './reports-api.js';

const toCategories = (partner: PartnerCard) => reportPaths.reportCategoriesPage(partner.type, partner.code);

/**
 * SPEC.md §2 Partner selection: one tab per access type (only with two or more), a card per
 * partner; one access type with one partner goes straight to its report categories.
 */
export default function PartnersPage() {
  const { data } = useApi<PartnersReply>('/api/partners');
  const frame = (children: ReactNode) => (
    <PageFrame steps={<ReportsStepper active={0} />}>{children}</PageFrame>
  );
  if (data === undefined) return frame(<CenteredLoader />);
  const types = data.accessTypes.filter((type) => (data.partners[type.code] ?? []).length > 0);
  const [onlyType] = types;
  const onlyTypePartners = onlyType ? (data.partners[onlyType.code] ?? []) : [];
  const [onlyPartner] = onlyTypePartners;
  if (types.length === 1 && onlyTypePartners.length === 1 && onlyPartner) {
    return <Navigate to={reportPaths.reportCategoriesPage(onlyPartner.type, onlyPartner.code)} replace />;
  }
  if (types.length === 0) return frame(<NoAccessMessage message={MESSAGES.noPartnerAccess} />);
  if (types.length === 1) return frame(<PartnerCards partners={onlyTypePartners} to={toCategories} />);
  return frame(<PartnerTabs types={types} partners={data.partners} to={toCategories} />);
}
