import { Button, Group } from '@mantine/core';

/** Cancel and Save at the foot of an admin form: Save submits the form; both wait while it saves. */
export function FormActions({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <Group>
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" loading={saving}>
        Save
      </Button>
    </Group>
  );
}
