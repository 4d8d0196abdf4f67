import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { homeRedirectPath } from '@portal/domain';
import { Link, Navigate } from 'react-router-dom';
import { usePrincipal } from '../../auth/auth-context.js';
import { PageFrame } from '../../components/PageFrame.js';
import { useIsMobile } from '../../layout/useIsMobile.js';
import { homeCards } from './home-cards.js';

export const HOME_TEXT =
  'The Partner Portal lets you securely view and download reports in various categories.';
export const HOME_TEXT_MOBILE = 'The Partner Portal lets you securely view reports and dashboards.';

export default function HomePage() {
  const principal = usePrincipal();
  const isMobile = useIsMobile();
  const redirect = homeRedirectPath(principal);
  if (redirect !== null) return <Navigate to={redirect} replace />;

  return (
    <PageFrame heading="Welcome to the Partner Portal">
      <Text>{isMobile ? HOME_TEXT_MOBILE : HOME_TEXT}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {homeCards(principal, { isMobile }).map((card) => (
          <Card key={card.page} component={Link} to={card.path} withBorder shadow="sm" padding="lg">
            <Title order={2} size="h4">
              {card.title}
            </Title>
            <Text size="sm" c="dimmed" mt="xs">
              {card.description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </PageFrame>
  );
}
