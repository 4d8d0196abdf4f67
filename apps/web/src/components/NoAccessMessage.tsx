import { Anchor, Text } from '@mantine/core';
import { PAGES } from '@portal/domain';
import { Link } from 'react-router-dom';

const FORM = 'Report an Issue form';

/**
 * SPEC.md §8's "no access to any partners" (or tenants) message, word for word, with the Report an
 * Issue form it names as a link to it: the person who reads it is told to go there.
 */
export function NoAccessMessage({ message }: { message: string }) {
  const [before, after] = message.split(FORM);
  if (after === undefined) return <Text>{message}</Text>;
  return (
    <Text>
      {before}
      <Anchor component={Link} to={PAGES.reportAnIssue.path}>
        {FORM}
      </Anchor>
      {after}
    </Text>
  );
}
