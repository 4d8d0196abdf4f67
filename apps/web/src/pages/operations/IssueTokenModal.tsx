import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import type { IssuedToken, ServiceAccount } from '@portal/domain/api/service-accounts';
import { type FormEvent, useState } from 'react';
import { failureMessage, post } from '../../api/api.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { ShownOnce } from '../../components/ShownOnce.js';
import { useSubmit } from '../../lib/use-submit.js';
import { formatTimestamp, SERVICE_ACCOUNTS_PATH } from './service-accounts.js';

const DEFAULT_DAYS = 90;
const MAX_DAYS = 365;

type Props = {
  account: ServiceAccount;
  /** Called once the token is issued, so the list shows the new token (without its secret). */
  onIssued: () => void;
  onClose: () => void;
};

/**
 * 'Issue token': POST /api/admin/service-accounts/:userId/tokens. The token lives only in this
 * component's state and is gone when the modal closes; the server keeps only its hash.
 */
export function IssueTokenModal({ account, onIssued, onClose }: Props) {
  const [name, setName] = useState('');
  const [days, setDays] = useState<number | string>(DEFAULT_DAYS);
  const [issued, setIssued] = useState<IssuedToken | null>(null);
  const { busy: saving, submit: send } = useSubmit();
  const [error, setError] = useState<string | null>(null);
  const validDays = typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= MAX_DAYS;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!validDays) return;
    setError(null);
    const path = `${SERVICE_ACCOUNTS_PATH}/${encodeURIComponent(account.userId)}/tokens`;
    await send(() => post<IssuedToken>(path, { name: name.trim(), days }), {
      done: (token) => {
        setIssued(token);
        onIssued();
      },
      failed: (failure) => setError(failureMessage(failure)),
    });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Issue token for ${account.userId}`}
      centered
      size="lg"
      // Once the token shows, only Done (or Escape) closes the modal: a stray click must not lose it.
      closeOnClickOutside={issued === null}
    >
      {issued === null ? (
        <form onSubmit={submit}>
          <Stack>
            <ErrorAlert message={error} />
            <TextInput
              label="Token name"
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <NumberInput
              label="Valid for (days)"
              min={1}
              max={MAX_DAYS}
              allowDecimal={false}
              value={days}
              error={validDays ? undefined : `Enter a number of days from 1 to ${MAX_DAYS}.`}
              onChange={setDays}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" loading={saving} disabled={!validDays}>
                Issue
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <ShownOnce
          noun="token"
          value={issued.token}
          testId="issued-token"
          copyLabel="Copy token"
          onDone={onClose}
        >
          It will not be shown again. Store it in a secret store; it expires on{' '}
          {formatTimestamp(issued.expiresAt)}.
        </ShownOnce>
      )}
    </Modal>
  );
}
