import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageFrame } from '../../components/PageFrame.js';

/** Reached after sign-in when the portal does not know the signed-in identity. */
export default function UserNotFoundPage() {
  return (
    <PageFrame title="User Not Found">
      <Text>
        You have signed in, but your account is not registered in the Partner Portal. If you need access,
        please call Customer Service.
      </Text>
      <Anchor component={Link} to="/logout">
        Sign out
      </Anchor>
    </PageFrame>
  );
}
