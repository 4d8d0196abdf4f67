import { expect } from 'vitest';
import type { MatrixIds } from './fixtures.js';
import { WEBHOOK_MATRIX_URL } from './webhook-fixtures.js';

// The webhook rows of the partner scope table (partner-manager-table.ts): the manager of EXT/BJS
// manages the endpoints of EXT/BJS only, registers only for its partners and service accounts. An
// endpoint with no partner is no manager's: it is refused on every route, as one of another partner.

const fields = (partnerCode: string) => ({
  url: WEBHOOK_MATRIX_URL,
  eventTypes: ['report.available'],
  partners: [{ accessTypeCode: 'EXT', partnerCode }],
});
// The shape of partner-manager-table.ts's ScopeRow, written here: importing it would be a cycle.
type Case = {
  status: number;
  params?: Record<string, string>;
  body?: unknown;
  // biome-ignore lint/suspicious/noExplicitAny: a reply's JSON, checked by each row
  check?: (reply: any) => void;
};
type ScopeRow = { route: string; own: Case; other: Case[] };
type Endpoints = { endpoints: { partners: { partnerCode: string }[] }[] };
const partnersOf = (reply: Endpoints) =>
  new Set(reply.endpoints.flatMap((e) => e.partners.map((p) => p.partnerCode)));

export function webhookScopeRows(ids: MatrixIds): ScopeRow[] {
  const own = { endpointId: ids.webhookEndpointId };
  const other = { endpointId: ids.webhookOtherEndpoint };
  const none = { endpointId: ids.webhookEndpointWithoutPartner };
  const action = (path: string, status: number): ScopeRow => ({
    route: `POST /api/admin/webhooks/:endpointId/${path}`,
    own: { status, params: own },
    other: [
      { status: 403, params: other },
      { status: 403, params: none },
    ],
  });
  return [
    {
      route: 'GET /api/admin/webhooks',
      own: { status: 200, check: (r) => expect(partnersOf(r)).toEqual(new Set(['BJS'])) },
      other: [
        {
          status: 200,
          check: (r) => {
            expect(JSON.stringify(r)).not.toContain('"OTH"');
            expect(JSON.stringify(r)).not.toContain(ids.webhookEndpointWithoutPartner);
            expect(JSON.stringify(r)).not.toContain(`"${ids.webhookServiceAccountWithoutPartner}"`);
          },
        },
      ],
    },
    {
      route: 'POST /api/admin/webhooks',
      own: { status: 201, body: { serviceAccountId: ids.webhookServiceAccount, ...fields('BJS') } },
      other: [
        { status: 403, body: { serviceAccountId: ids.webhookServiceAccount, ...fields('OTH') } },
        { status: 403, body: { serviceAccountId: ids.webhookOtherServiceAccount, ...fields('BJS') } },
        {
          status: 403,
          body: { serviceAccountId: ids.webhookServiceAccountWithoutPartner, ...fields('BJS') },
        },
      ],
    },
    {
      route: 'PUT /api/admin/webhooks/:endpointId',
      own: { status: 200, params: own, body: fields('BJS') },
      other: [
        { status: 403, params: other, body: fields('BJS') },
        { status: 403, params: own, body: fields('OTH') },
        { status: 403, params: none, body: fields('BJS') },
      ],
    },
    {
      route: 'DELETE /api/admin/webhooks/:endpointId',
      own: { status: 200, params: { endpointId: ids.webhookEndpointToDelete } },
      other: [
        { status: 403, params: other },
        { status: 403, params: none },
      ],
    },
    action('rotate-secret', 200),
    action('enable', 200),
    action('test', 202),
    {
      route: 'GET /api/admin/webhooks/:endpointId/deliveries',
      own: { status: 200, params: own },
      other: [
        { status: 403, params: other },
        { status: 403, params: none },
      ],
    },
    {
      route: 'POST /api/admin/webhooks/:endpointId/deliveries/:deliveryId/redeliver',
      own: { status: 202, params: { ...own, deliveryId: ids.webhookDeliveryId } },
      other: [
        { status: 403, params: { ...other, deliveryId: ids.webhookOtherDeliveryId } },
        { status: 403, params: { ...none, deliveryId: ids.webhookDeliveryWithoutPartner } },
      ],
    },
  ];
}
