import { Alert } from '@mantine/core';

/** The server's message of a failed change. */
export function ErrorAlert({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <Alert color="red" title="Error" role="alert">
      {message}
    </Alert>
  );
}
