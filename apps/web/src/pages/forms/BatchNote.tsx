import { Text } from '@mantine/core';
import { type BatchKind, batchJoinText } from '@portal/domain/forms/form-batch';
import { useEffect, useState } from 'react';

/**
 * Which batch an entry saved now will join, by the rule the API and the worker use; refreshed
 * every 15 seconds so a form left open across 8:00 PM says the next business day.
 */
export function BatchNote({ kind }: { kind: BatchKind }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text size="sm" c="dimmed" data-testid="batch-note">
      {batchJoinText(kind, now)}
    </Text>
  );
}
