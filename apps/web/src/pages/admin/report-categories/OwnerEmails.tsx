import { Button, Group, Input, InputBase, Stack } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { cleanOwnerEmails, isEmailAddress } from '@portal/domain/admin/admin-report-category';

/**
 * One input per owner email; blank ones are dropped on save (SPEC.md §5 Report category).
 *
 * The error belongs to the list, not to one input, so Mantine's wrapper cannot tie it to the inputs
 * itself: the inputs are a labelled group, and each input names the description and, when there is
 * one, the error (aria-describedby), which is announced as it appears (role="alert", by the theme).
 * The inputs holding an address that is not valid are the ones marked invalid; a refusal that names
 * none of them (the server's) marks them all.
 */
export function OwnerEmails({
  emails,
  error,
  onChange,
}: {
  emails: string[];
  error?: string;
  onChange: (emails: string[]) => void;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = error ? `${errorId} ${descriptionId}` : descriptionId;
  const bad = (email: string) => cleanOwnerEmails([email]).some((clean) => !isEmailAddress(clean));
  const anyBad = emails.some(bad);
  const invalid = (email: string) => error !== undefined && (!anyBad || bad(email));
  return (
    <Input.Wrapper
      id={id}
      labelElement="div"
      label="Owner Emails"
      labelProps={{ id: labelId }}
      description="Who is told when a report is late."
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
    >
      <Stack gap={6} mt={4} role="group" aria-labelledby={labelId}>
        {emails.map((email, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the inputs are positions in a list the user edits
          <Group key={index} gap="xs" wrap="nowrap">
            <InputBase
              flex={1}
              // The wrapper's own aria attributes would describe this input by its (absent) message.
              withAria={false}
              aria-label={`Owner email ${index + 1}`}
              aria-describedby={describedBy}
              aria-invalid={invalid(email) || undefined}
              error={invalid(email)}
              value={email}
              onChange={(event) =>
                onChange(emails.map((e, i) => (i === index ? event.currentTarget.value : e)))
              }
            />
            <Button
              variant="subtle"
              color="red"
              size="xs"
              aria-label={`Remove owner email ${index + 1}`}
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
