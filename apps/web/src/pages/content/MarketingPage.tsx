import { Card, SimpleGrid, Tabs, Text } from '@mantine/core';
import { type MarketingPartners, MESSAGES, marketingDestination } from '@portal/domain';
import { Link, Navigate } from 'react-router-dom';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { PageFrame } from '../../components/PageFrame.js';
import { PartnerLogo } from '../../components/PartnerLogo.js';

type Partner = MarketingPartners['partners'][string][number];

const uploadPath = (partnerCode: string) => `/marketing/latest/${encodeURIComponent(partnerCode)}`;

function PartnerCards({ partners }: { partners: Partner[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      {partners.map((partner) => (
        <Card
          key={`${partner.type}/${partner.code}`}
          component={Link}
          to={uploadPath(partner.code)}
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
        <Text>{MESSAGES.noPartnerAccess}</Text>
      ) : types.length === 1 ? (
        <PartnerCards partners={data.partners[types[0]?.code ?? ''] ?? []} />
      ) : (
        <Tabs defaultValue={types[0]?.code ?? null}>
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
        </Tabs>
      )}
    </PageFrame>
  );
}
