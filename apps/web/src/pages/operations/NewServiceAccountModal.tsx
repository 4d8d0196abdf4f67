import { Button, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { type Feature, MESSAGES } from '@portal/domain';
import type { ServiceAccount } from '@portal/domain/api/service-accounts';
import { type FormEvent, useState } from 'react';
import { failureMessage, post } from '../../api/api.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import {
  isLeaving,
  type NewServiceAccount,
  PARTNER_ACCESS_HINT,
  parsePartnerAccess,
  SERVICE_ACCOUNT_FEATURES,
  SERVICE_ACCOUNTS_PATH,
  USER_ID_HINT,
  USER_ID_PATTERN,
} from './service-accounts.js';

type Fields = { userId: string; name: string; features: string[]; partnerAccess: string };

const EMPTY: Fields = { userId: '', name: '', features: [], partnerAccess: '' };

function problemsOf(fields: Fields) {
  const userId = fields.userId.trim();
  const parsed = parsePartnerAccess(fields.partnerAccess);
  return {
    userId: userId === '' ? MESSAGES.required : USER_ID_PATTERN.test(userId) ? undefined : USER_ID_HINT,
    name: fields.name.trim() === '' ? MESSAGES.required : undefined,
    partnerAccess: 'error' in parsed ? parsed.error : undefined,
  };
}

type Props = { onCreated: (account: ServiceAccount) => void; onClose: () => void };

/** 'New service account': POST /api/admin/service-accounts. */
export function NewServiceAccountModal({ onCreated, onClose }: Props) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [showProblems, setShowProblems] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problems = problemsOf(fields);
  const shown = (problem: string | undefined) => (showProblems ? problem : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parsePartnerAccess(fields.partnerAccess);
    if (problems.userId || problems.name || 'error' in parsed) {
      setShowProblems(true);
      return;
    }
    const body: NewServiceAccount = {
      userId: fields.userId.trim(),
      name: fields.name.trim(),
      features: fields.features as Feature[],
      partnerAccess: parsed.grants,
    };
    setSaving(true);
    setError(null);
    try {
      onCreated(await post<ServiceAccount>(SERVICE_ACCOUNTS_PATH, body));
    } catch (failure) {
      if (!isLeaving(failure)) setError(failureMessage(failure));
      setSaving(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title="New service account" centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert message={error} />
          <TextInput
            label="User ID"
            withAsterisk
            description={USER_ID_HINT}
            value={fields.userId}
            error={shown(problems.userId)}
            onChange={(event) => setFields({ ...fields, userId: event.currentTarget.value })}
          />
          <TextInput
            label="Name"
            withAsterisk
            value={fields.name}
            error={shown(problems.name)}
            onChange={(event) => setFields({ ...fields, name: event.currentTarget.value })}
          />
          <MultiSelect
            label="Features"
            description="INTERNAL_ADMIN cannot be given to a service account."
            data={[...SERVICE_ACCOUNT_FEATURES]}
            value={fields.features}
            onChange={(features) => setFields({ ...fields, features })}
            searchable
            clearable
          />
          <TextInput
            label="Partner Access"
            description={PARTNER_ACCESS_HINT}
            placeholder="EXT/BJS, EXT/SAM"
            value={fields.partnerAccess}
            error={shown(problems.partnerAccess)}
            onChange={(event) => setFields({ ...fields, partnerAccess: event.currentTarget.value })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
