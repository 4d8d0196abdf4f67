import {
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { MESSAGES } from '@portal/domain';
import type { WebhookEndpointWithSecret, WebhooksReply } from '@portal/domain/api/webhooks';
import { type FormEvent, useState } from 'react';
import { failureMessage, post } from '../../api/api.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useSubmit } from '../../lib/use-submit.js';
import { partnerKey, partnerOfKey, WEBHOOKS_PATH } from './webhooks.js';

type Fields = {
  serviceAccountId: string | null;
  url: string;
  description: string;
  eventTypes: string[];
  partners: string[];
  categoryCodes: string[];
};

const EMPTY: Fields = {
  serviceAccountId: null,
  url: '',
  description: '',
  eventTypes: ['report.available', 'report.replaced'],
  partners: [],
  categoryCodes: [],
};

const EVENT_LABELS: Record<string, string> = {
  'report.available': 'report.available: a new report',
  'report.replaced': 'report.replaced: a report replaced by a new file',
  'report.deleted': 'report.deleted: a report deleted',
  'monitor.missing': 'monitor.missing: an expected report is missing',
};

function problemsOf(fields: Fields) {
  return {
    serviceAccountId: fields.serviceAccountId === null ? MESSAGES.required : undefined,
    url: fields.url.trim() === '' ? MESSAGES.required : undefined,
    eventTypes: fields.eventTypes.length === 0 ? MESSAGES.atLeastOneOption : undefined,
    partners: fields.partners.length === 0 ? MESSAGES.atLeastOneOption : undefined,
  };
}

type Props = {
  options: WebhooksReply;
  onCreated: (created: WebhookEndpointWithSecret) => void;
  onClose: () => void;
};

/** 'Add endpoint': POST /api/admin/webhooks; the server checks the URL and where it resolves. */
export function NewWebhookModal({ options, onCreated, onClose }: Props) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [showProblems, setShowProblems] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { busy, submit } = useSubmit();
  const problems = problemsOf(fields);
  const shown = (problem: string | undefined) => (showProblems ? problem : undefined);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (Object.values(problems).some(Boolean)) {
      setShowProblems(true);
      return;
    }
    setError(null);
    const body = {
      serviceAccountId: fields.serviceAccountId,
      url: fields.url.trim(),
      description: fields.description.trim(),
      eventTypes: fields.eventTypes,
      partners: fields.partners.map(partnerOfKey),
      categoryCodes: fields.categoryCodes,
    };
    await submit(() => post<WebhookEndpointWithSecret>(WEBHOOKS_PATH, body), {
      done: onCreated,
      failed: (failure) => setError(failureMessage(failure)),
    });
  }

  return (
    <Modal opened onClose={onClose} title="Add endpoint" centered size="lg">
      <form onSubmit={save} noValidate>
        <Stack>
          <ErrorAlert message={error} />
          <Select
            label="Service account"
            withAsterisk
            description="The endpoint hears only what this service account may download."
            data={options.serviceAccounts.map((a) => ({ value: a.userId, label: `${a.name} (${a.userId})` }))}
            value={fields.serviceAccountId}
            error={shown(problems.serviceAccountId)}
            onChange={(serviceAccountId) => setFields({ ...fields, serviceAccountId })}
            searchable
          />
          <TextInput
            label="URL"
            withAsterisk
            // What the settings in force allow (WEBHOOK_ALLOW_HTTP, WEBHOOK_ALLOWED_RANGES), from the API.
            description={options.urlHelp}
            placeholder="https://example.com/webhooks"
            value={fields.url}
            error={shown(problems.url)}
            onChange={(event) => setFields({ ...fields, url: event.currentTarget.value })}
          />
          <Textarea
            label="Description"
            maxLength={500}
            value={fields.description}
            onChange={(event) => setFields({ ...fields, description: event.currentTarget.value })}
          />
          <Checkbox.Group
            label="Events"
            withAsterisk
            value={fields.eventTypes}
            error={shown(problems.eventTypes)}
            onChange={(eventTypes) => setFields({ ...fields, eventTypes })}
          >
            <Stack gap="xs" mt="xs">
              {options.eventTypes.map((type) => (
                <Checkbox key={type} value={type} label={EVENT_LABELS[type] ?? type} />
              ))}
            </Stack>
          </Checkbox.Group>
          <MultiSelect
            label="Partners"
            withAsterisk
            data={options.partners.map((p) => ({
              value: partnerKey(p),
              label: `${p.partnerName} (${partnerKey(p)})`,
            }))}
            value={fields.partners}
            error={shown(problems.partners)}
            onChange={(partners) => setFields({ ...fields, partners })}
            searchable
          />
          <MultiSelect
            label="Report categories"
            description="None chosen: every category of these partners."
            data={options.categories.map((c) => ({ value: c.code, label: c.name }))}
            value={fields.categoryCodes}
            onChange={(categoryCodes) => setFields({ ...fields, categoryCodes })}
            searchable
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Add endpoint
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
