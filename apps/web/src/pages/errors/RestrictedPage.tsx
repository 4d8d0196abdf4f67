import { Alert } from '@mantine/core';
import { MESSAGES } from '@portal/domain';
import { PageFrame } from '../../components/PageFrame.js';

/** Shown in place of a page whose feature or partner the user lacks. */
export function RestrictedPage() {
  return (
    <PageFrame>
      <Alert color="yellow" title="Restricted">
        {MESSAGES.restricted}
      </Alert>
    </PageFrame>
  );
}
