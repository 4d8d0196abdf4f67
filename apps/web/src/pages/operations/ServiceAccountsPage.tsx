import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type {
  ServiceAccount,
  ServiceAccounts,
  ServiceAccountToken,
} from '@portal/domain/api/service-accounts';
import { useState } from 'react';
import { del, put } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { ResponsiveTable } from '../../components/ResponsiveTable.js';
import { IssueTokenModal } from './IssueTokenModal.js';
import { NewServiceAccountModal } from './NewServiceAccountModal.js';
import { formatPartnerAccess, formatTimestamp, SERVICE_ACCOUNTS_PATH } from './service-accounts.js';

// Internal admins create service accounts (API users with tokens), issue and revoke their tokens
// and disable them, through /api/admin/service-accounts.

type Dialog =
  | { kind: 'create' }
  | { kind: 'issue'; account: ServiceAccount }
  | { kind: 'revoke'; account: ServiceAccount; token: ServiceAccountToken }
  | { kind: 'disable'; account: ServiceAccount };

const accountPath = (userId: string) => `${SERVICE_ACCOUNTS_PATH}/${encodeURIComponent(userId)}`;
const tokenLabel = (token: ServiceAccountToken) => (token.name === '' ? 'Unnamed token' : token.name);

export default function ServiceAccountsPage() {
  const { data: accounts, mutate } = useApi<ServiceAccounts>(SERVICE_ACCOUNTS_PATH);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const reload = () => void mutate();

  return (
    <PageFrame
      trail={['admin']}
      actions={<Button onClick={() => setDialog({ kind: 'create' })}>New service account</Button>}
    >
      {accounts === undefined ? (
        <CenteredLoader />
      ) : accounts.length === 0 ? (
        <EmptyState />
      ) : (
        <AccountsTable accounts={accounts} onOpen={setDialog} />
      )}

      {dialog?.kind === 'create' && (
        <NewServiceAccountModal
          onClose={close}
          onCreated={() => {
            close();
            reload();
          }}
        />
      )}
      {dialog?.kind === 'issue' && (
        <IssueTokenModal account={dialog.account} onIssued={reload} onClose={close} />
      )}
      {dialog?.kind === 'revoke' && (
        <ConfirmDialog
          title="Revoke token"
          message={`Revoke the token "${tokenLabel(dialog.token)}" of ${dialog.account.userId}? Calls made with it will be refused from now on.`}
          confirmLabel="Revoke"
          onClose={close}
          onConfirm={async () => {
            await del(`${accountPath(dialog.account.userId)}/tokens/${dialog.token.tokenId}`);
            await mutate();
          }}
        />
      )}
      {dialog?.kind === 'disable' && (
        <ConfirmDialog
          title="Disable service account"
          message={`Disable ${dialog.account.userId}? All of its tokens will be refused from now on.`}
          confirmLabel="Disable"
          onClose={close}
          onConfirm={async () => {
            await put(`${accountPath(dialog.account.userId)}/disable`);
            await mutate();
          }}
        />
      )}
    </PageFrame>
  );
}

function AccountsTable({
  accounts,
  onOpen,
}: {
  accounts: ServiceAccount[];
  onOpen: (dialog: Dialog) => void;
}) {
  return (
    <ResponsiveTable
      label="Service accounts"
      rows={accounts}
      rowKey={(account) => account.userId}
      columns={[
        { label: 'User ID', render: (account) => account.userId },
        { label: 'Name', render: (account) => account.name },
        {
          label: 'Features',
          render: (account) => (account.features.length === 0 ? 'None' : account.features.join(', ')),
        },
        {
          label: 'Partner Access',
          render: (account) =>
            account.partnerAccess.length === 0 ? 'None' : formatPartnerAccess(account.partnerAccess),
        },
        {
          label: 'Status',
          // Light badges: the theme keeps their text at AA contrast (the filled green was 3.4:1).
          render: (account) =>
            account.disabledAt === null ? (
              <Badge color="green" variant="light">
                Active
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                Disabled {formatTimestamp(account.disabledAt)}
              </Badge>
            ),
        },
        {
          label: 'Tokens',
          render: (account) => (
            <Tokens
              tokens={account.tokens}
              onRevoke={(token) => onOpen({ kind: 'revoke', account, token })}
            />
          ),
        },
      ]}
      actions={(account) =>
        account.disabledAt === null && (
          <>
            <Button size="xs" onClick={() => onOpen({ kind: 'issue', account })}>
              Issue token
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() => onOpen({ kind: 'disable', account })}
            >
              Disable
            </Button>
          </>
        )
      }
    />
  );
}

function Tokens({
  tokens,
  onRevoke,
}: {
  tokens: ServiceAccountToken[];
  onRevoke: (token: ServiceAccountToken) => void;
}) {
  if (tokens.length === 0) return <Text c="dimmed">No tokens</Text>;
  const now = Date.now();
  return (
    <Stack gap="xs">
      {tokens.map((token) => {
        const expired = Date.parse(token.expiresAt) <= now;
        return (
          <Group key={token.tokenId} gap="xs" wrap="nowrap" data-testid="token">
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {tokenLabel(token)}
              </Text>
              <Text size="xs" c="dimmed">
                Expires {formatTimestamp(token.expiresAt)} · Last used{' '}
                {token.lastUsedAt === null ? 'never' : formatTimestamp(token.lastUsedAt)}
              </Text>
            </Stack>
            {token.revokedAt !== null ? (
              <Badge color="gray" variant="light">
                Revoked {formatTimestamp(token.revokedAt)}
              </Badge>
            ) : expired ? (
              <Badge color="orange" variant="light">
                Expired
              </Badge>
            ) : (
              <Button size="compact-xs" color="red" variant="subtle" onClick={() => onRevoke(token)}>
                Revoke
              </Button>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
