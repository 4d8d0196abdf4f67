import { Modal, Text } from '@mantine/core';
import { ShownOnce } from '../../components/ShownOnce.js';

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
      <ShownOnce
        noun="signing secret"
        value={secret}
        testId="webhook-secret"
        copyLabel="Copy secret"
        onDone={onClose}
        after={
          <Text size="sm">
            Receivers should ignore a webhook-id they have already processed: a delivery may come twice.
          </Text>
        }
      >
        It will not be shown again. Give it to the system at {url}: it verifies each delivery's
        webhook-signature with it (Standard Webhooks).
        {overlapUntil ? ` The previous secret still signs too until ${overlapUntil}.` : ''}
      </ShownOnce>
    </Modal>
  );
}
