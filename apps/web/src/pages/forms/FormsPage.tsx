import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { FormSettings } from '@portal/domain/api/forms';
import { batchScheduleText } from '@portal/domain/forms/form-batch';
import { Link } from 'react-router-dom';
import { useApi } from '../../api/swr.js';
import { PageFrame } from '../../components/PageFrame.js';

function FormCard({
  to,
  title,
  text,
  schedule,
}: {
  to: string;
  title: string;
  text: string;
  schedule?: string;
}) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          <Anchor component={Link} to={to}>
            {title}
          </Anchor>
        </Title>
        <Text size="sm">{text}</Text>
        {schedule && (
          <Text size="sm" c="dimmed">
            {schedule}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** SPEC.md §2 /forms: both operational forms, each with when its entries are processed, and the batches. */
export default function FormsPage() {
  const { data: settings } = useApi<FormSettings>('/api/form/settings');
  const retailer = settings?.retailer;
  return (
    <PageFrame>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <FormCard
          to="/forms/customer-invoice"
          title="Customer Invoice Requests"
          text="Request invoices for a customer account over a date range."
          schedule={batchScheduleText('invoices')}
        />
        {retailer && (
          <FormCard
            to={`/forms/${retailer}-disputes`}
            title={`${retailer.toUpperCase()} Disputes`}
            text="File claim requests and outcome chargebacks, one or more disputes at a time."
            schedule={batchScheduleText('disputes')}
          />
        )}
        <FormCard
          to="/forms/batches"
          title="Batches"
          text="The nightly batches of both forms: their counts, totals and files."
        />
      </SimpleGrid>
    </PageFrame>
  );
}
