import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import type { Message } from '@portal/domain/api/common';
import type { UnsubscribeTarget } from '@portal/domain/api/subscriptions';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../api/api.js';
import { useApiShowing } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { PageFrame } from '../../components/PageFrame.js';
import { useSubmit } from '../../lib/use-submit.js';
import { fieldError, subscriptionPaths } from './subscriptions-api.js';

/**
 * Where a subscription mail's unsubscribe link opens (issue 28). Opening it changes nothing (mail
 * scanners open links); the button sends the same one-click POST a mail client sends (RFC 8058).
 */
export default function UnsubscribePage() {
  const { token = '' } = useParams();
  const { data, failure } = useApiShowing<UnsubscribeTarget>(
    subscriptionPaths.unsubscribeTarget(token),
    [404],
  );
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const { busy, submit } = useSubmit();

  const unsubscribe = () =>
    submit(
      () =>
        api.post<Message>(
          subscriptionPaths.unsubscribe(token),
          new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
          {
            redirect: false,
          },
        ),
      {
        done: (answer) => setResult({ ok: true, message: answer.message }),
        failed: (error) => setResult({ ok: false, message: fieldError(error).message }),
      },
    );

  return (
    <PageFrame title="Unsubscribe">
      <Stack maw={560}>
        {result ? (
          <Text role="status" c={result.ok ? undefined : 'red.9'}>
            {result.message}
          </Text>
        ) : failure ? (
          <Alert color="gray">{failure.message}</Alert>
        ) : data === undefined ? (
          <CenteredLoader />
        ) : data.status === 'gone' ? (
          <Alert color="gray">{data.message}</Alert>
        ) : (
          <>
            <Text>
              Stop the e-mails about <strong>{data.categoryName}</strong> for{' '}
              <strong>{data.partnerName}</strong>? Your other subscriptions stay as they are.
            </Text>
            <Button onClick={unsubscribe} loading={busy} w="fit-content">
              Unsubscribe
            </Button>
          </>
        )}
        <Anchor component={Link} to="/">
          Go to the portal home page
        </Anchor>
      </Stack>
    </PageFrame>
  );
}
