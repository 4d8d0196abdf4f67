import { Button, Group, Modal } from '@mantine/core';
import { type ReactNode, useState } from 'react';

// The confirm dialog of a list row's Delete (or Disable) on the pages that read their whole list:
// the row asked about, and the change made when the user confirms. The dialog closes when the
// change is done, whatever its outcome: `change` reports its own failure.

export function useConfirm<T>(change: (row: T) => Promise<void>) {
  const [row, setRow] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (row === null) return;
    setBusy(true);
    try {
      await change(row);
    } finally {
      setBusy(false);
      setRow(null);
    }
  }

  return { row, busy, ask: setRow, close: () => setRow(null), confirm };
}

export type Confirm<T> = ReturnType<typeof useConfirm<T>>;

type ConfirmModalProps<T> = {
  confirm: Confirm<T>;
  title: string;
  confirmLabel: string;
  /** The question, naming `confirm.row`. */
  children: ReactNode;
};

export function ConfirmModal<T>({ confirm, title, confirmLabel, children }: ConfirmModalProps<T>) {
  return (
    <Modal opened={confirm.row !== null} onClose={confirm.close} title={title} centered>
      {children}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={confirm.close} disabled={confirm.busy}>
          Cancel
        </Button>
        <Button color="red" onClick={confirm.confirm} loading={confirm.busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
