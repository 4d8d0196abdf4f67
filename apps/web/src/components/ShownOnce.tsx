import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  /** What is shown: 'token', 'signing secret'. */
  noun: string;
  value: string;
  testId: string;
  copyLabel: string;
  /** Why it must be copied now, and where it goes. */
  children: ReactNode;
  /** Said under the value. */
  after?: ReactNode;
  onDone: () => void;
};

/**
 * A credential the server keeps only sealed or hashed, shown this once (a service account's token,
 * a webhook endpoint's signing secret), with Copy and Done.
 */
export function ShownOnce({ noun, value, testId, copyLabel, children, after, onDone }: Props) {
  return (
    <Stack>
      <Alert color="yellow" title={`Copy this ${noun} now`}>
        {children}
      </Alert>
      <Code block data-testid={testId} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {value}
      </Code>
      {after}
      <Group justify="flex-end">
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? 'Copied' : copyLabel}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
