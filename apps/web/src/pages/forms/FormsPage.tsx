import { Anchor, List } from '@mantine/core';
import { PAGES } from '@portal/domain';
import { Link } from 'react-router-dom';
import { PageFrame } from '../../components/PageFrame.js';

// To come: one entry per retailer's dispute form (/forms/{retailer}-disputes) beside the invoices.
export default function FormsPage() {
  return (
    <PageFrame>
      <List>
        <List.Item>
          <Anchor component={Link} to={PAGES.customerInvoices.path}>
            Customer Invoice Requests
          </Anchor>
        </List.Item>
      </List>
    </PageFrame>
  );
}
