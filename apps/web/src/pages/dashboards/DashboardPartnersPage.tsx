import { Card, SimpleGrid, Tabs, Text } from '@mantine/core';
import { MESSAGES } from '@portal/domain';
import type { DashboardPartners } from '@portal/domain/api/dashboards';
import { Link } from 'react-router-dom';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { NoAccessMessage } from '../../components/NoAccessMessage.js';
import { PageFrame } from '../../components/PageFrame.js';
import { PartnerLogo } from '../../components/PartnerLogo.js';
import { pathOf } from '../../components/paths.js';
import { dashboardPaths } from './dashboard-api.js';

// Select a partner for dashboards: one card per partner with dashboards the user may open, one
// tab per access type when there are two or more (as the report partner selection).
type Partner = DashboardPartners['partners'][string][number];

function PartnerCards({ partners }: { partners: Partner[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} pt="sm">
      {partners.map((partner) => (
        <Card
          key={`${partner.type}/${partner.code}`}
          withBorder
          component={Link}
          to={pathOf('dashboardSelection', { accessTypeCode: partner.type, partnerCode: partner.code })}
          aria-label={partner.name}
        >
          <PartnerLogo partnerCode={partner.code} partnerName={partner.name} hasLogo={partner.hasLogo} />
          <Text fw={600} ta="center" mt="sm">
            {partner.name}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export default function DashboardPartnersPage() {
  const { data } = useApi<DashboardPartners>(dashboardPaths.partners);
  if (!data) return <CenteredLoader />;
  const { accessTypes, partners } = data;
  return (
    <PageFrame>
      {accessTypes.length === 0 && <NoAccessMessage message={MESSAGES.noPartnerAccess} />}
      {accessTypes.length === 1 && <PartnerCards partners={partners[accessTypes[0]?.code ?? ''] ?? []} />}
      {accessTypes.length > 1 && (
        <Tabs defaultValue={accessTypes[0]?.code}>
          <Tabs.List>
            {accessTypes.map((type) => (
              <Tabs.Tab key={type.code} value={type.code}>
                {type.name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {accessTypes.map((type) => (
            <Tabs.Panel key={type.code} value={type.code}>
              <PartnerCards partners={partners[type.code] ?? []} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </PageFrame>
  );
}
