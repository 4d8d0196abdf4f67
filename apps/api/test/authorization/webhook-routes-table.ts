import { type RouteRow, route } from './matrix.js';
import { WEBHOOK_MATRIX_URL } from './webhook-fixtures.js';

// Webhooks (issue 28), in the columns of routes-table.ts: anon ext dash staff ops admin tenant svc.
// MANAGE_PARTNERS, which of the personas only the internal admin has; a manager's partner scope is
// tested in test/webhooks/webhook-routes.test.ts.
const endpoint = { params: (ids: { webhookEndpointId: string }) => ({ endpointId: ids.webhookEndpointId }) };
const fields = {
  url: WEBHOOK_MATRIX_URL,
  description: 'Matrix',
  eventTypes: ['report.available'],
  partners: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
  categoryCodes: [],
};

export const webhookRoutesTable: RouteRow[] = [
  route('GET /api/admin/webhooks', '401 403 403 403 403 200 403 403'),
  route('POST /api/admin/webhooks', '401 403 403 403 403 201 403 403', {
    body: (ids) => ({ serviceAccountId: ids.webhookServiceAccount, ...fields }),
  }),
  route('PUT /api/admin/webhooks/:endpointId', '401 403 403 403 403 200 403 403', {
    ...endpoint,
    body: fields,
  }),
  route('DELETE /api/admin/webhooks/:endpointId', '401 403 403 403 403 200 403 403', {
    params: (ids) => ({ endpointId: ids.webhookEndpointToDelete }),
  }),
  route('POST /api/admin/webhooks/:endpointId/rotate-secret', '401 403 403 403 403 200 403 403', endpoint),
  route('POST /api/admin/webhooks/:endpointId/enable', '401 403 403 403 403 200 403 403', endpoint),
  route('POST /api/admin/webhooks/:endpointId/test', '401 403 403 403 403 202 403 403', endpoint),
  route('GET /api/admin/webhooks/:endpointId/deliveries', '401 403 403 403 403 200 403 403', endpoint),
  route(
    'POST /api/admin/webhooks/:endpointId/deliveries/:deliveryId/redeliver',
    '401 403 403 403 403 202 403 403',
    {
      params: (ids) => ({ endpointId: ids.webhookEndpointId, deliveryId: ids.webhookDeliveryId }),
    },
  ),
];
