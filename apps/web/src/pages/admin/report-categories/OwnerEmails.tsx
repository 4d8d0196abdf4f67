import { Button, Group, Input, Stack, TextInput } from '@mantine/core';

/** One input per owner email; blank ones are dropped on save (SPEC.md §5 Report category). */
export function OwnerEmails({
  emails,
  error,
  onChange,
}: {
  emails: string[];
  error?: string;
  onChange: (emails: string[]) => void;
}) {
  return (
    <Input.Wrapper label="Owner Emails" description="Who is told when a report is late." error={error}>
      <Stack gap={6} mt={4}>
        {emails.map((email, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the inputs are positions in a list the user edits
          <Group key={index} gap="xs" wrap="nowrap">
            <TextInput
              flex={1}
              aria-label={`Owner email ${index + 1}`}
              value={email}
              onChange={(event) =>
                onChange(emails.map((e, i) => (i === index ? event.currentTarget.value : e)))
              }
            />
            <Button
              variant="subtle"
              color="red"
              size="xs"
              onClick={() => onChange(emails.filter((_, i) => i !== index))}
            >
              Remove
            </Button>
          </Group>
        ))}
        <Group>
          <Button variant="light" size="xs" onClick={() => onChange([...emails, ''])}>
            Add owner email
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
