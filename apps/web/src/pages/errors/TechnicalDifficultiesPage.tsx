import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { MESSAGES } from '@portal/domain';
import { ApiError } from '../../api/api.js';

/** The message of an uncaught error, except for a 400 whose text is not meant for the page. */
export function visibleErrorMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.status === 400) return null;
  if (error instanceof Error && error.message !== '') return error.message;
  return null;
}

export function TechnicalDifficultiesPage({ error }: { error: unknown }) {
  useDocumentTitle(MESSAGES.technicalDifficulties);
  const message = visibleErrorMessage(error);
  return (
    <Stack gap="md" p="md">
      <Title order={1}>{MESSAGES.technicalDifficulties}</Title>
      <Text>We are sorry, something went wrong while showing this page.</Text>
      {message !== null && (
        <Text c="red" data-testid="error-message">
          {message}
        </Text>
      )}
      <Text>
        Please try again later. If the problem continues,{' '}
        <Anchor href="/report-an-issue">report an issue</Anchor> or call Customer Service.
      </Text>
    </Stack>
  );
}
