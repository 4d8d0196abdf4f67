import { Alert, Center, Loader } from '@mantine/core';
import type { EmbedView } from './useEmbedState.js';

/** The loading spinner or the failure message over a dashboard's frame. */
export function EmbedStatus({ state, message }: EmbedView) {
  if (state === 'loading') {
    return (
      <Center py="md" data-embed-state="loading">
        <Loader role="status" aria-label="Loading dashboard" />
      </Center>
    );
  }
  if (state === 'failed') {
    return (
      <Alert color="red" role="alert" data-embed-state="failed">
        {message}
      </Alert>
    );
  }
  return <span data-embed-state={state} hidden />;
}
