import { Anchor, List } from '@mantine/core';
import { isAllowed, PAGES, type PageName } from '@portal/domain';
import { Link } from 'react-router-dom';
import { usePrincipal } from '../../auth/auth-context.js';
import { PageFrame } from '../../components/PageFrame.js';

// SPEC.md §2: the admin landing page links to these four.
const LINKS: { label: string; page: PageName }[] = [
  { label: 'Manage Partners', page: 'adminPartners' },
  { label: 'Manage Report Categories', page: 'adminReportCategories' },
  { label: 'Manage External Users', page: 'adminUsers' },
  { label: 'Manage Frequency Types', page: 'adminFrequencyTypes' },
];

export default function AdminPage() {
  const principal = usePrincipal();
  const links = LINKS.filter((link) => isAllowed(principal, { feature: PAGES[link.page].feature }));
  return (
    <PageFrame>
      <List>
        {links.map((link) => (
          <List.Item key={link.page}>
            <Anchor component={Link} to={PAGES[link.page].path}>
              {link.label}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </PageFrame>
  );
}
