import { Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';

/** Edit and Delete of a pending record; a processed one has neither (the API answers 409). */
export function RecordActions({
  editTo,
  onDelete,
  label,
}: {
  editTo: string;
  onDelete: () => void;
  label: string;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" component={Link} to={editTo} aria-label={`Edit ${label}`}>
        Edit
      </Button>
      <Button size="xs" variant="light" color="red" onClick={onDelete} aria-label={`Delete ${label}`}>
        Delete
      </Button>
    </Group>
  );
}
