import { Card, SimpleGrid, Tabs, Text } from '@mantine/core';
import { MESSAGES } from '@portal/domain';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { PageFrame } from '../../components/PageFrame.js';
import { PartnerLogo } from '../../components/PartnerLogo.js';
import { ReportsStepper } from './ReportsStepper.js';
import { type Partner, type PartnersReply, reportPaths } from './reports-api.js';

function PartnerCards({ partners }: { partners: Partner[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      {partners.map((partner) => (
        <Card
          key={`${partner.type}/${partner.code}`}
          component={Link}
          to={reportPaths.reportCategoriesPage(partner.type, partner.code)}
          withBorder
          padding="md"
          data-testid={`partner-card-${partner.code}`}
        >
          <PartnerLogo partnerCode={partner.code} partnerName={partner.name} />
          <Text fw={600} mt="sm" ta="center">
            {partner.name}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

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
  if (types.length === 0) return frame(<Text>{MESSAGES.noPartnerAccess}</Text>);
  if (types.length === 1) return frame(<PartnerCards partners={onlyTypePartners} />);
  return frame(
    <Tabs defaultValue={onlyType?.code ?? null}>
      <Tabs.List>
        {types.map((type) => (
          <Tabs.Tab key={type.code} value={type.code}>
            {type.name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {types.map((type) => (
        <Tabs.Panel key={type.code} value={type.code} pt="md">
          <PartnerCards partners={data.partners[type.code] ?? []} />
        </Tabs.Panel>
      ))}
    </Tabs>,
  );
}
