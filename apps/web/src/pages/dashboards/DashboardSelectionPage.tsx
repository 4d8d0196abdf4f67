import { Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  DASHBOARD_SORT_LABELS,
  DASHBOARD_SORT_MODES,
  type DashboardSortMode,
  isDashboardSortMode,
  sortDashboards,
  viewerPath,
} from '@portal/domain';
import type {
  Dashboard,
  DashboardContentTypes,
  PartnerDashboards,
  PopularDashboards,
} from '@portal/domain/api/dashboards';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { EmptyState } from '../../components/EmptyState.js';
import { MarketingPopup } from '../../components/MarketingPopup.js';
import { PageFrame } from '../../components/PageFrame.js';
import { dashboardPaths } from './dashboard-api.js';

// Dashboard selection for a partner (SPEC.md §2): tiles with name, description and a View button,
// sorted by Name (ALPHABETICAL) or Most Viewed (MV_MONTH: this month's views), filtered by content
// type; the one-time mobile marketing popup of partners BJS, SAM and WSI.
const ALL_CONTENT_TYPES = '';

function DashboardTile({ dashboard }: { dashboard: Dashboard }) {
  const to = viewerPath(dashboard);
  return (
    <Card withBorder data-dashboard-tile={dashboard.dashboardName}>
      <Stack gap="xs" h="100%" justify="space-between">
        <div>
          <Title order={3} size="h4">
            {dashboard.dashboardName}
          </Title>
          <Text size="sm" c="dimmed">
            {dashboard.dashboardDescription}
          </Text>
        </div>
        {to && (
          <Button component={Link} to={to} aria-label={`View ${dashboard.dashboardName}`}>
            View
          </Button>
        )}
      </Stack>
    </Card>
  );
}

export default function DashboardSelectionPage() {
  const { accessTypeCode = '', partnerCode = '' } = useParams();
  const [sortMode, setSortMode] = useState<DashboardSortMode>('ALPHABETICAL');
  const [contentType, setContentType] = useState(ALL_CONTENT_TYPES);
  const { data } = useApi<PartnerDashboards>(dashboardPaths.ofPartner(accessTypeCode, partnerCode));
  const { data: contentTypes } = useApi<DashboardContentTypes>(
    dashboardPaths.contentTypes(accessTypeCode, partnerCode),
  );
  const { data: popular } = useApi<PopularDashboards>(
    sortMode === 'MV_MONTH' ? dashboardPaths.popular(accessTypeCode, partnerCode) : null,
  );
  const tiles = useMemo(() => {
    const shown = (data?.dashboards ?? []).filter(
      (d) => contentType === ALL_CONTENT_TYPES || d.dashboardContentType === contentType,
    );
    return sortDashboards(shown, sortMode, new Map((popular ?? []).map((p) => [p.dashboardId, p.views])));
  }, [data, contentType, sortMode, popular]);

  return (
    <PageFrame title={data?.partner.name ?? 'Dashboards'} trail={['dashboardPartners']}>
      <MarketingPopup partnerCode={partnerCode} />
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Sort dashboards"
          value={sortMode}
          onChange={(value) => isDashboardSortMode(value) && setSortMode(value)}
          data={DASHBOARD_SORT_MODES.map((mode) => ({ value: mode, label: DASHBOARD_SORT_LABELS[mode] }))}
        />
        <Select
          aria-label="Content type"
          w={220}
          value={contentType}
          onChange={(value) => setContentType(value ?? ALL_CONTENT_TYPES)}
          data={[
            { value: ALL_CONTENT_TYPES, label: 'All content types' },
            ...(contentTypes ?? []).map((t) => ({ value: t, label: t })),
          ]}
        />
      </Group>
      {!data || (sortMode === 'MV_MONTH' && !popular) ? (
        <CenteredLoader />
      ) : tiles.length === 0 ? (
        <EmptyState />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-dashboard-grid>
          {tiles.map((dashboard) => (
            <DashboardTile key={dashboard.dashboardId} dashboard={dashboard} />
          ))}
        </SimpleGrid>
      )}
    </PageFrame>
  );
}
