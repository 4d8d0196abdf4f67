import { Anchor, Text } from '@mantine/core';
import { MESSAGES } from '@portal/domain';
import { Link } from 'react-router-dom';
import { PageFrame } from '../../components/PageFrame.js';

export default function NotFoundPage() {
  return (
    <PageFrame title={MESSAGES.pageNotFound}>
      <Text>The page you are looking for does not exist or has moved.</Text>
      <Anchor component={Link} to="/">
        Go to the home page
      </Anchor>
    </PageFrame>
  );
}
