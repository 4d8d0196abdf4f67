import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Message } from '@portal/domain/api/common';
import type { CategorySubscriptionReply } from '@portal/domain/api/subscriptions';
import { useState } from 'react';
import { api } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { LazyModal } from '../../components/LazyModal.js';
import { useSubmit } from '../../lib/use-submit.js';
import { SubscriptionFields } from './SubscriptionFields.js';
import {
  deliveryText,
  fieldError,
  formOf,
  type SubscriptionForm,
  subscriptionPaths,
} from './subscriptions-api.js';

type Props = {
  accessTypeCode: string;
  partnerCode: string;
  categoryCode: string;
  categoryName: string;
  frequencyTypes: { code: string; name: string }[];
};

/** Follow this category by mail (issue 28): a button on the reports page and its dialog. */
export function FollowCategory({
  accessTypeCode,
  partnerCode,
  categoryCode,
  categoryName,
  frequencyTypes,
}: Props) {
  const path = subscriptionPaths.category(accessTypeCode, partnerCode, categoryCode);
  const { data, mutate } = useApi<CategorySubscriptionReply>(path);
  const [opened, setOpened] = useState(false);
  const [form, setForm] = useState<SubscriptionForm>(formOf(null));
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { busy, submit } = useSubmit();
  if (data === undefined) return null;
  const subscription = data.subscription;

  const open = () => {
    setForm(formOf(subscription));
    setError(null);
    setOpened(true);
  };
  const save = () =>
    submit(
      () =>
        api.put<CategorySubscriptionReply>(path, {
          delivery: form.delivery,
          ...(form.delivery === 'DAILY_DIGEST' ? { digestTime: form.digestTime } : {}),
          frequencyTypeCodes: form.frequencyTypeCodes,
        }),
      {
        done: async (answer) => {
          await mutate(answer, { revalidate: false });
          setOpened(false);
          setNotice(`You follow ${categoryName}: ${deliveryText(answer.subscription!)}.`);
        },
        failed: (failure) => setError(fieldError(failure)),
      },
    );
  const unfollow = () =>
    submit(() => api.del<Message>(path), {
      done: async (answer) => {
        await mutate({ subscription: null }, { revalidate: false });
        setOpened(false);
        setNotice(answer.message);
      },
      failed: (failure) => setError(fieldError(failure)),
    });

  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Button variant={subscription ? 'light' : 'default'} onClick={open}>
          {subscription ? 'Following' : 'Follow'}
        </Button>
        {subscription?.pausedReason && (
          <Text size="sm" c="red.9">
            {subscription.pausedReason}
          </Text>
        )}
      </Group>
      {notice && (
        <Text size="sm" role="status">
          {notice}
        </Text>
      )}
      <LazyModal opened={opened} onClose={() => setOpened(false)} title={`Follow ${categoryName}`}>
        <Stack>
          <Text size="sm">Get an e-mail when new reports of this category arrive.</Text>
          <SubscriptionFields value={form} onChange={setForm} frequencyTypes={frequencyTypes} error={error} />
          {error && error.field === null && <Alert color="red">{error.message}</Alert>}
          <Group justify="flex-end">
            {subscription && (
              <Button variant="subtle" color="red" onClick={unfollow} disabled={busy}>
                Unfollow
              </Button>
            )}
            <Button variant="default" onClick={() => setOpened(false)} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={save} loading={busy}>
              {subscription ? 'Save' : 'Follow'}
            </Button>
          </Group>
        </Stack>
      </LazyModal>
    </>
  );
}
