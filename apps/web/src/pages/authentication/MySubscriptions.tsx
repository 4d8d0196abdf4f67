import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Message } from '@portal/domain/api/common';
import type { Subscription, SubscriptionsReply } from '@portal/domain/api/subscriptions';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { LazyModal } from '../../components/LazyModal.js';
import { useSubmit } from '../../lib/use-submit.js';
import { reportPaths } from '../reports/reports-api.js';
import { SubscriptionFields } from '../reports/SubscriptionFields.js';
import {
  deliveryText,
  errorAfterChange,
  fieldError,
  formOf,
  type SubscriptionForm,
  subscriptionPaths,
} from '../reports/subscriptions-api.js';

/** My Account's "My subscriptions" (issue 28): the categories I follow, changed or ended here. */
export function MySubscriptions() {
  const { data, mutate } = useApi<SubscriptionsReply>(subscriptionPaths.mine);
  const [editing, setEditing] = useState<Subscription | null>(null);
  const [form, setForm] = useState<SubscriptionForm>(formOf(null));
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { busy, submit } = useSubmit();

  const edit = (subscription: Subscription) => {
    setForm(formOf(subscription));
    setError(null);
    setEditing(subscription);
  };
  const save = (subscription: Subscription) =>
    submit(
      () =>
        api.put(subscriptionPaths.one(subscription.subscriptionId), {
          delivery: form.delivery,
          ...(form.delivery === 'DAILY_DIGEST' ? { digestTime: form.digestTime } : {}),
          frequencyTypeCodes: form.frequencyTypeCodes,
        }),
      {
        done: () => {
          setEditing(null);
          setNotice(`Saved: ${subscription.partnerName}, ${subscription.categoryName}.`);
        },
        failed: (failure) => setError(fieldError(failure)),
        settled: () => void mutate(),
      },
    );
  const unfollow = (subscription: Subscription) =>
    submit(() => api.del<Message>(subscriptionPaths.one(subscription.subscriptionId)), {
      done: (answer) => setNotice(answer.message),
      failed: (failure) => setNotice(fieldError(failure).message),
      settled: () => void mutate(),
    });

  const subscriptions = data?.subscriptions;
  return (
    <Stack mt="xl" maw={640} component="section" aria-labelledby="my-subscriptions">
      <Title order={2} size="h3" id="my-subscriptions">
        My subscriptions
      </Title>
      {subscriptions === undefined ? null : subscriptions.length === 0 ? (
        <Text size="sm">
          You follow no report category. Open a category's reports and choose Follow to get an e-mail when
          reports arrive.
        </Text>
      ) : (
        subscriptions.map((subscription) => (
          <Card key={subscription.subscriptionId} withBorder padding="sm">
            <Stack gap={4}>
              <Anchor
                component={Link}
                to={reportPaths.reportsPage(
                  subscription.accessTypeCode,
                  subscription.partnerCode,
                  subscription.categoryCode,
                )}
                fw={600}
              >
                {subscription.partnerName}: {subscription.categoryName}
              </Anchor>
              <Text size="sm">{deliveryText(subscription)}</Text>
              {subscription.pausedReason && (
                <Alert color="red" p="xs">
                  {subscription.pausedReason}
                </Alert>
              )}
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Change ${subscription.categoryName}`}
                  onClick={() => edit(subscription)}
                >
                  Change
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Unfollow ${subscription.categoryName}`}
                  onClick={() => unfollow(subscription)}
                  disabled={busy}
                >
                  Unfollow
                </Button>
              </Group>
            </Stack>
          </Card>
        ))
      )}
      {notice && (
        <Text size="sm" role="status">
          {notice}
        </Text>
      )}
      <LazyModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `${editing.partnerName}: ${editing.categoryName}` : ''}
      >
        {editing && (
          <Stack>
            <SubscriptionFields
              value={form}
              onChange={(next) => {
                setError((shown) => errorAfterChange(shown, form, next));
                setForm(next);
              }}
              // The frequency types are chosen on the category's page; here they are kept as they are.
              frequencyTypes={[]}
              error={error}
            />
            {error && error.field === null && <Alert color="red">{error.message}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(null)} disabled={busy}>
                Cancel
              </Button>
              <Button onClick={() => save(editing)} loading={busy}>
                Save
              </Button>
            </Group>
          </Stack>
        )}
      </LazyModal>
    </Stack>
  );
}
