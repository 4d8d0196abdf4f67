import { Text } from '@mantine/core';
import { MESSAGES } from '@portal/domain';
import { PageFrame } from '../../components/PageFrame.js';

export default function MarketplacePage() {
  return (
    <PageFrame>
      <Text size="lg">{MESSAGES.pageUnderConstruction}</Text>
    </PageFrame>
  );
}
