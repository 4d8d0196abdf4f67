import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Message } from '@portal/domain/api/common';
import type { CategorySubscriptionReply, Subscription } from '@portal/domain/api/subscriptions';
import { useState } from 'react';
import { api } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { LazyModal } from '../../components/LazyModal.js';
import { useSubmit } from '../../lib/use-submit.js';
import { SubscriptionFields } from './SubscriptionFields.js';
import {
  deliveryText,
  errorAfterChange,
  fieldError,
  formOf,
  type SubscriptionForm,
  subscriptionPaths,
} from './subscriptions-api.js';

export type FollowDialogProps = {
  accessTypeCode: string;
  partnerCode: string;
  categoryCode: string;
  categoryName: string;
  frequencyTypes: { code: string; name: string }[];
  opened: boolean;
  onClose: () => void;
  /** After a save or an unfollow: what to say on the page, and whether the category is followed. */
  onChanged: (notice: string, following: boolean) => void;
};

/** The Follow dialog of a reports page (issue 28): the user's subscription to the category, changed here. */
export default function FollowDialog(props: FollowDialogProps) {
  const path = subscriptionPaths.category(props.accessTypeCode, props.partnerCode, props.categoryCode);
  const { data, mutate } = useApi<CategorySubscriptionReply>(path);
  return (
    <LazyModal opened={props.opened} onClose={props.onClose} title={`Follow ${props.categoryName}`}>
      {data === undefined ? (
        <CenteredLoader />
      ) : (
        <FollowForm
          {...props}
          path={path}
          subscription={data.subscription}
          // The next opening reads the follow from the cache: it must be the one just saved.
          remember={(reply) => void mutate(reply, { revalidate: false })}
        />
      )}
    </LazyModal>
  );
}

type FollowFormProps = FollowDialogProps & {
  path: string;
  subscription: Subscription | null;
  remember: (reply: CategorySubscriptionReply) => void;
};

function FollowForm(props: FollowFormProps) {
  const { path, categoryName, subscription } = props;
  const [form, setForm] = useState<SubscriptionForm>(formOf(subscription));
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const { busy, submit } = useSubmit();

  const save = () =>
    submit(
      () =>
        api.put<CategorySubscriptionReply>(path, {
          delivery: form.delivery,
          ...(form.delivery === 'DAILY_DIGEST' ? { digestTime: form.digestTime } : {}),
          frequencyTypeCodes: form.frequencyTypeCodes,
        }),
      {
        done: (answer) => {
          props.remember(answer);
          props.onChanged(
            answer.subscription ? `You follow ${categoryName}: ${deliveryText(answer.subscription)}.` : '',
            answer.subscription !== null,
          );
        },
        failed: (failure) => setError(fieldError(failure)),
      },
    );
  const unfollow = () =>
    submit(() => api.del<Message>(path), {
      done: (answer) => {
        props.remember({ subscription: null });
        props.onChanged(answer.message, false);
      },
      failed: (failure) => setError(fieldError(failure)),
    });

  return (
    <Stack>
      <Text size="sm">
        {subscription
          ? `You follow this category: ${deliveryText(subscription)}.`
          : 'Get an e-mail when new reports of this category arrive.'}
      </Text>
      {subscription?.pausedReason && <Alert color="red">{subscription.pausedReason}</Alert>}
      <SubscriptionFields
        value={form}
        onChange={(next) => {
          setError((shown) => errorAfterChange(shown, form, next));
          setForm(next);
        }}
        frequencyTypes={props.frequencyTypes}
        error={error}
      />
      {error && error.field === null && <Alert color="red">{error.message}</Alert>}
      <Group justify="flex-end">
        {subscription && (
          <Button variant="subtle" color="red" onClick={unfollow} disabled={busy}>
            Unfollow
          </Button>
        )}
        <Button variant="default" onClick={props.onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={save} loading={busy}>
          {subscription ? 'Save' : 'Follow'}
        </Button>
      </Group>
    </Stack>
  );
}
