import { day, sampleDispute, sampleDisputeShared, sampleInvoice } from '@portal/testing/forms';
import { type RouteRow, route } from './matrix.js';

// The matrix rows of the operational forms (forms/form-routes.ts, forms/form-batch-routes.ts), spread into
// routes-table.ts: the operations team (ops) and internal admins pass; partner users, internal
// users without the feature, tenant admins and service accounts are refused.

const opsOnly = (status: number) => `401 403 403 403 ${status} ${status} 403 403`;
const invoice = { ...sampleInvoice, endDate: day('2026-11-02') };
const shared = {
  ...sampleDisputeShared,
  messageType: 'claim-request',
  customerId: '42',
  messageDate: day('2026-11-02'),
};
const { acquirerClaimId: _claim, chargebackReferenceId: _chargeback, ...claimRequest } = sampleDispute;
const item = {
  ...claimRequest,
  transactionDate: day('2026-11-01'),
  disputeAmount: 10,
  transactionAmount: 20,
  issuerClaimId: 'IC',
  issuerClaimTransactionId: 'ICT',
  merchantId: 'M1',
  acquirerRefId: 'A1',
};

export const formRoutesTable: RouteRow[] = [
  // Operational forms                                                    anon ext dash staff ops admin tenant svc
  route('GET /api/form/settings', opsOnly(200)),
  route('GET /api/form/user-invoices', opsOnly(200)),
  route('POST /api/form/user-invoices', opsOnly(201), { body: invoice }),
  route('PUT /api/form/user-invoices', opsOnly(200), {
    body: (ids) => ({ recordId: ids.invoiceToEdit, ...invoice }),
  }),
  // Each persona deletes a record of its own: the params are read once per persona.
  route('DELETE /api/form/user-invoices/:recordId', opsOnly(200), {
    params: (ids) => ({ recordId: String(ids.invoicesToDelete.shift()) }),
  }),
  route('GET /api/form/disputes', opsOnly(200)),
  route('GET /api/form/disputes/history', opsOnly(200)),
  route('POST /api/form/disputes', opsOnly(201), { body: { ...shared, disputes: [item, item] } }),
  route('PUT /api/form/disputes', opsOnly(200), {
    body: (ids) => ({ recordId: ids.disputeToEdit, ...shared, ...item }),
  }),
  route('DELETE /api/form/disputes/:recordId', opsOnly(200), {
    params: (ids) => ({ recordId: String(ids.disputesToDelete.shift()) }),
  }),
  route('GET /api/form/batches', opsOnly(200)),
  route('GET /api/form/batches/:kind/:batchDate/file', opsOnly(200), {
    params: (ids) => ({ kind: 'disputes', batchDate: ids.formBatchDate }),
  }),
];
