import { Anchor, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@portal/domain';
import { Link } from 'react-router-dom';

/** SPEC.md §2 "Empty results": the message, a hint to reload, and a link to report an issue. */
export function EmptyState() {
  return (
    <Stack gap="xs" py="lg" align="center" ta="center">
      <Text fw={600}>{MESSAGES.noResults}</Text>
      <Text c="dimmed">Try reloading the page. If the problem continues, please let us know.</Text>
      <Anchor component={Link} to="/report-an-issue">
        Report an Issue
      </Anchor>
    </Stack>
  );
}
