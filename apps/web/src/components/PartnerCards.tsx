import { Card, SimpleGrid, Tabs, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PartnerLogo } from './PartnerLogo.js';

// The partner choice of the report and marketing pages (SPEC.md §2): a card per partner with its
// logo, in one tab per access type when the user has partners of two or more.

export type PartnerCard = {
  name: string;
  code: string;
  type: string;
  /** false: no logo was uploaded, the card shows the default without asking (undefined: ask). */
  hasLogo?: boolean;
};

type PartnerCardsProps = {
  partners: PartnerCard[];
  /** Where a partner's card leads. */
  to: (partner: PartnerCard) => string;
};

export function PartnerCards({ partners, to }: PartnerCardsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      {partners.map((partner) => (
        <Card
          key={`${partner.type}/${partner.code}`}
          component={Link}
          to={to(partner)}
          withBorder
          padding="md"
          data-testid={`partner-card-${partner.code}`}
        >
          <PartnerLogo partnerCode={partner.code} partnerName={partner.name} hasLogo={partner.hasLogo} />
          <Text fw={600} mt="sm" ta="center">
            {partner.name}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

type PartnerTabsProps = {
  /** The access types to show, each with partners; the first tab is open. */
  types: { name: string; code: string }[];
  partners: Record<string, PartnerCard[]>;
  to: (partner: PartnerCard) => string;
};

export function PartnerTabs({ types, partners, to }: PartnerTabsProps) {
  return (
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
          <PartnerCards partners={partners[type.code] ?? []} to={to} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
