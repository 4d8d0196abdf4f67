import type { InvoiceRequestBody } from '@portal/domain/api/forms';
import { post } from '../../api/api.js';
import { PageFrame } from '../../components/PageFrame.js';
import { INVOICES_API, InvoiceForm } from './InvoiceForm.js';

export default function CustomerInvoiceNewPage() {
  return (
    <PageFrame trail={['forms', 'customerInvoices']}>
      <InvoiceForm
        initial={{ accountNumber: '', startDate: '', endDate: '' }}
        send={(body: InvoiceRequestBody) => post(INVOICES_API, body)}
      />
    </PageFrame>
  );
}
