import { Alert } from '@mantine/core';
import type { InvoiceRequest } from '@portal/domain/api/forms';
import { useParams } from 'react-router-dom';
import { put } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { fromEpoch } from './form-dates.js';
import { INVOICES_API, InvoiceForm } from './InvoiceForm.js';

export default function CustomerInvoiceEditPage() {
  const { recordId } = useParams();
  const { data: requests } = useApi<InvoiceRequest[]>(INVOICES_API);
  const request = requests?.find((r) => String(r.recordId) === recordId);
  return (
    <PageFrame trail={['forms', 'customerInvoices']}>
      {requests === undefined ? (
        <CenteredLoader />
      ) : request === undefined ? (
        <EmptyState />
      ) : request.status !== 'pending' ? (
        <Alert color="yellow">
          This request was processed in the batch of its date and can no longer be changed.
        </Alert>
      ) : (
        <InvoiceForm
          initial={{
            accountNumber: request.accountNumber,
            startDate: fromEpoch(request.startDate),
            endDate: fromEpoch(request.endDate),
          }}
          keptAccountNumber={request.accountNumber}
          send={(body) => put(INVOICES_API, { recordId: request.recordId, ...body })}
        />
      )}
    </PageFrame>
  );
}
