import { Button } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { pathOf } from '../../components/paths.js';

/** SPEC.md §2: every dashboard viewer has a Return button back to the partner's dashboard selection. */
export function ReturnToSelection() {
  const params = useParams();
  return (
    <Button variant="default" component={Link} to={pathOf('dashboardSelection', params)}>
      Return
    </Button>
  );
}
