import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

type Props = {
  title: string;
  secret: string;
  url: string;
  overlapUntil?: string | null;
  onClose: () => void;
};

/**
 * The signing secret of a new endpoint, or of a rotation: shown here once, never again (the server
 * keeps it sealed). Only Done or Escape closes the modal: a stray click must not lose it.
 */
export function SecretModal({ title, secret, url, overlapUntil, onClose }: Props) {
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg" closeOnClickOutside={false}>
      <Stack>
        <Alert color="yellow" title="Copy this signing secret now">
          It will not be shown again. Give it to the system at {url}: it verifies each delivery's
          webhook-signature with it (Standard Webhooks).
          {overlapUntil ? ` The previous secret still signs too until ${overlapUntil}.` : ''}
        </Alert>
        <Code block data-testid="webhook-secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Text size="sm">
          Receivers should ignore a webhook-id they have already processed: a delivery may come twice.
        </Text>
        <Group justify="flex-end">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
