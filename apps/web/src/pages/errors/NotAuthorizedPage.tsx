import { Anchor, Text } from '@mantine/core';
import { MESSAGES } from '@portal/domain';
import { Link } from 'react-router-dom';
import { PageFrame } from '../../components/PageFrame.js';

export default function NotAuthorizedPage() {
  return (
    <PageFrame title="Not Authorized">
      <Text>{MESSAGES.restricted}</Text>
      <Text>
        You are not authorized to use the Partner Portal with this account. If you believe this is a mistake,
        please call Customer Service.
      </Text>
      <Anchor component={Link} to="/login">
        Sign on with another account
      </Anchor>
    </PageFrame>
  );
}
