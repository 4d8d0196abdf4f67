import { expect } from 'vitest';
import { ADMIN_MATRIX as m } from './admin-fixtures.js';
import type { MatrixIds } from './fixtures.js';
import { SCOPE, type ScopeIds } from './partner-manager-fixtures.js';
import { webhookScopeRows } from './webhook-scope-rows.js';

// THE PARTNER SCOPE TABLE: every administration route whose feature the persona "manager scoped to
// one partner" holds (support/partner-manager.ts: MANAGE_PARTNERS, MANAGE_REPORT_CATEGORIES,
// MANAGE_DASHBOARDS, MANAGE_MARKETING_CONTENT on EXT/BJS), with its own partner and with EXT/OTH
// (or INT/OPS), outside its scope. The test fails while such a route has no row here. Routes of
// features it lacks (INTERNAL_ADMIN, MANAGE_EXTERNAL_USERS…) need no row: each must answer 403.

// biome-ignore lint/suspicious/noExplicitAny: a reply's JSON, checked field by field by each row
type Json = any;

export type ScopeCase = {
  status: number;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Sends a 1×1 PNG as the multipart field File. */
  image?: boolean;
  /** What the reply may show the manager: lists leave other partners out. */
  check?: (reply: Json) => void;
};
export type ScopeRow = {
  route: string;
  own: ScopeCase;
  /** The same call naming a partner outside the scope; or why the route names no partner at all. */
  other: ScopeCase[] | { namesNoPartner: string };
};

const codesOf = (items: { partnerCode?: string; code?: string; partner?: { code: string } }[]) =>
  items.map((i) => i.partnerCode ?? i.partner?.code ?? i.code);
const alert = { categoryCode: m.category, frequencyTypeCode: 'WLY', frequencyDay: 'TUESDAY' };
const dashboard = (partnerCode: string, dashboardUrl: string) => ({
  dashboardName: 'Scoped',
  dashboardUrl,
  dashboardType: 'RStudio',
  partner: { type: 'EXT', code: partnerCode },
});
const category = (code: string, partners?: { type: string; code: string }[]) => ({
  code,
  name: `Scoped ${code}`,
  frequencyTypes: [{ code: 'WLY' }],
  ownerEmails: ['owner@bjs.example'],
  ...(partners && { partners }),
});
const partner = (code: string) => ({
  type: 'EXT',
  code,
  name: `Scoped ${code}`,
  categories: [
    { code: m.category, frequencyTypes: [{ code: 'WLY' }] },
    { code: SCOPE.ownCategory, frequencyTypes: [{ code: 'WLY' }] },
  ],
});
const noOther = (reply: Json, key: string) =>
  expect(JSON.stringify(reply[key] ?? reply)).not.toContain('"OTH"');

export function partnerManagerRows(ids: MatrixIds & ScopeIds): ScopeRow[] {
  return [
    // Partners (MANAGE_PARTNERS)
    {
      route: 'GET /api/admin/partners',
      own: { status: 200, check: (r) => expect(codesOf(r.partners)).toEqual(['BJS']) },
      other: [{ status: 200, query: { code: 'OTH' }, check: (r) => expect(r.partners).toEqual([]) }],
    },
    {
      route: 'GET /api/admin/partners/:partnerCode',
      own: { status: 200, params: { partnerCode: 'BJS' } },
      other: [{ status: 403, params: { partnerCode: 'OTH' } }],
    },
    {
      // EXT/BJS is its only partner, and it exists: 409 shows the call got past the scope.
      route: 'POST /api/partners',
      own: { status: 409, body: partner('BJS') },
      other: [{ status: 403, body: partner('MXSNEW') }],
    },
    {
      route: 'PUT /api/partners',
      own: { status: 200, body: partner('BJS') },
      other: [{ status: 403, body: partner('OTH') }],
    },
    {
      // 409: a partner with reports is never deleted (admin-fixtures.ts).
      route: 'DELETE /api/partners/:accessTypeCode/:partnerCode',
      own: { status: 409, params: { accessTypeCode: 'EXT', partnerCode: 'BJS' } },
      other: [{ status: 403, params: { accessTypeCode: 'EXT', partnerCode: 'OTH' } }],
    },

    // Report categories (MANAGE_REPORT_CATEGORIES)
    {
      route: 'GET /api/admin/categories',
      own: {
        status: 200,
        query: { code: SCOPE.ownCategory },
        check: (r) => expect(r.categories[0].partnerCount).toBe(1),
      },
      other: [
        {
          status: 200,
          query: { code: SCOPE.otherCategory },
          check: (r) => expect(r.categories[0].partnerCount).toBe(0),
        },
      ],
    },
    {
      route: 'GET /api/admin/categories/:reportCategoryCode',
      own: {
        status: 200,
        params: { reportCategoryCode: SCOPE.ownCategory },
        check: (r) => expect(codesOf(r.partners)).toEqual(['BJS']),
      },
      // Shared with EXT/OTH: read for BJS's part only.
      other: [
        {
          status: 200,
          params: { reportCategoryCode: m.category },
          check: (r) => expect(codesOf(r.partners)).toEqual(['BJS']),
        },
      ],
    },
    {
      route: 'POST /api/categories',
      own: { status: 201, body: category('MXS_NEW', [{ type: 'EXT', code: 'BJS' }]) },
      other: [
        { status: 403, body: category('MXS_NEW2', [{ type: 'EXT', code: 'OTH' }]) },
        { status: 403, body: category('MXS_NEW3', [{ type: 'INT', code: 'OPS' }]) },
      ],
    },
    {
      route: 'PUT /api/categories',
      own: { status: 200, body: category(SCOPE.ownCategory) },
      other: [
        { status: 403, body: category(m.category) },
        { status: 403, body: category(SCOPE.ownCategory, [{ type: 'EXT', code: 'OTH' }]) },
      ],
    },
    {
      route: 'DELETE /api/categories/:reportCategoryCode',
      own: { status: 200, params: { reportCategoryCode: SCOPE.emptyCategory } },
      other: [{ status: 403, params: { reportCategoryCode: SCOPE.otherCategory } }],
    },
    {
      route: 'GET /api/datasets/:catalogId',
      own: { status: 200, params: { catalogId: m.dataset } },
      other: [{ status: 403, params: { catalogId: SCOPE.otherDataset } }],
    },
    {
      route: 'POST /api/datasets',
      own: { status: 201, body: { catalogId: 'mxs-new', objectKey: `/Reports/EXT/BJS/${m.category}/` } },
      other: [
        { status: 403, body: { catalogId: 'mxs-new-oth', objectKey: `/Reports/EXT/OTH/${m.category}/` } },
        {
          status: 403,
          body: { catalogId: SCOPE.otherDataset, objectKey: `/Reports/EXT/BJS/${m.category}/` },
        },
      ],
    },

    // Frequency types: shared by the partners receiving reports in them
    {
      route: 'GET /api/frequency-types',
      own: { status: 200 },
      other: { namesNoPartner: 'a frequency type has a code and a name only' },
    },
    {
      route: 'POST /api/frequency-types',
      own: { status: 201, body: { code: 'MXSN', name: 'Scoped new' } },
      other: { namesNoPartner: 'a new frequency type has no partner yet' },
    },
    {
      route: 'PUT /api/frequency-types',
      own: { status: 200, body: { code: m.frequencyTypeToEdit, name: 'Scoped edit' } },
      // WLY is received by EXT/OTH.
      other: [{ status: 403, body: { code: 'WLY', name: 'Scoped week' } }],
    },
    {
      route: 'DELETE /api/frequency-types/:frequencyTypeCode',
      own: { status: 200, params: { frequencyTypeCode: m.frequencyTypeToDelete } },
      other: [{ status: 403, params: { frequencyTypeCode: 'WLY' } }],
    },

    // Report alerts and their runs
    {
      route: 'GET /api/report-monitors',
      own: { status: 200, check: (r) => expect(new Set(codesOf(r.monitors))).toEqual(new Set(['BJS'])) },
      other: [{ status: 200, query: { partner: 'OTH' }, check: (r) => expect(r.monitors).toEqual([]) }],
    },
    {
      route: 'POST /api/report-monitors',
      own: { status: 201, body: { partnerCode: 'BJS', ...alert } },
      other: [{ status: 403, body: { partnerCode: 'OTH', ...alert } }],
    },
    {
      route: 'PUT /api/report-monitors/:reportMonitorId',
      own: { status: 200, params: { reportMonitorId: String(ids.reportMonitorId) }, body: alert },
      other: [{ status: 403, params: { reportMonitorId: String(ids.otherMonitor) }, body: alert }],
    },
    {
      route: 'DELETE /api/report-monitors/:reportMonitorId',
      own: { status: 200, params: { reportMonitorId: String(ids.reportMonitorToDelete) } },
      other: [{ status: 403, params: { reportMonitorId: String(ids.otherMonitor) } }],
    },
    {
      route: 'GET /api/report-monitors/runs',
      // The one run (2026-11-20) had a monitor of EXT/BJS and one of EXT/OTH due and missing: the
      // manager sees exactly BJS's, in the lists and in the counts.
      own: {
        status: 200,
        check: (r) => {
          expect(r.runs).toHaveLength(1);
          expect(r.runs[0]).toMatchObject({
            checkDate: '2026-11-20',
            due: [ids.ownRunMonitor],
            dueCount: 1,
            missingCount: 1,
            emailedCount: 0,
          });
          expect(
            r.runs[0].missing.map((a: Json) => [
              a.reportMonitorId,
              a.accessTypeCode,
              a.partnerCode,
              a.emailed,
            ]),
          ).toEqual([[ids.ownRunMonitor, 'EXT', 'BJS', false]]);
        },
      },
      other: { namesNoPartner: 'the runs of every partner are read at once, filtered to the scope' },
    },

    // Webhooks (MANAGE_PARTNERS; issue 28)
    ...webhookScopeRows(ids),

    // Dashboards (MANAGE_DASHBOARDS)
    {
      route: 'GET /api/dashboards',
      own: { status: 200, check: (r) => expect(new Set(codesOf(r))).toEqual(new Set(['BJS'])) },
      other: [{ status: 200, check: (r) => noOther(r, 'dashboards') }],
    },
    {
      route: 'POST /api/dashboards',
      own: { status: 201, body: dashboard('BJS', '/content/mxs-new/') },
      other: [
        { status: 403, body: dashboard('OTH', '/content/mxs-new-oth/') },
        { status: 403, body: dashboard('BJS', SCOPE.otherContent) },
      ],
    },
    {
      route: 'PUT /api/dashboards/:dashboardId',
      own: {
        status: 200,
        params: { dashboardId: String(ids.dashboardToEdit) },
        body: dashboard('BJS', '/content/mxs-edited/'),
      },
      other: [
        {
          status: 403,
          params: { dashboardId: String(ids.otherDashboard) },
          body: dashboard('BJS', '/content/mxs-x/'),
        },
        {
          status: 403,
          params: { dashboardId: String(ids.dashboardToEdit) },
          body: dashboard('OTH', '/content/mxs-edited/'),
        },
        {
          status: 403,
          params: { dashboardId: String(ids.dashboardToEdit) },
          body: dashboard('BJS', SCOPE.otherContent),
        },
      ],
    },
    {
      route: 'DELETE /api/dashboards/:dashboardId',
      own: { status: 200, params: { dashboardId: String(ids.dashboardToDelete) } },
      other: [{ status: 403, params: { dashboardId: String(ids.otherDashboard) } }],
    },

    // Marketing content and logos (MANAGE_MARKETING_CONTENT)
    {
      route: 'GET /api/marketing/partners',
      own: {
        status: 200,
        check: (r) => expect(r.partners).toEqual({ EXT: [expect.objectContaining({ code: 'BJS' })] }),
      },
      other: [{ status: 200, check: (r) => noOther(r, 'partners') }],
    },
    {
      route: 'POST /api/marketing/upload/:partnerCode',
      own: { status: 200, params: { partnerCode: 'BJS' }, image: true },
      other: [{ status: 403, params: { partnerCode: 'OTH' }, image: true }],
    },
    {
      route: 'POST /api/logo/:partnerCode',
      own: { status: 200, params: { partnerCode: 'BJS' }, image: true },
      other: [
        { status: 403, params: { partnerCode: 'OTH' }, image: true },
        { status: 403, params: { partnerCode: 'OPS' }, image: true },
      ],
    },
  ];
}
