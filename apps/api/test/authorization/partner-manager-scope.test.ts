import { createTestApp, type TestApp } from '@portal/testing/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, PNG_1x1 } from '../support/multipart.js';
import { createPartnerManager, PARTNER_MANAGER } from '../support/partner-manager.js';
import { type MatrixIds, seedMatrixFixtures } from './fixtures.js';
import { type ScopeIds, seedPartnerManagerFixtures } from './partner-manager-fixtures.js';
import { partnerManagerRows, type ScopeCase, type ScopeRow } from './partner-manager-table.js';
import { routesTable } from './routes-table.js';

// Issue 11: the persona "manager scoped to one partner" against EVERY administration route (those
// needing INTERNAL_ADMIN or a MANAGE_ feature), with its own partner and with one outside its
// scope. The rows are in partner-manager-table.ts; routes of features it lacks must answer 403.
const isAdministration = (feature: string) => feature === 'INTERNAL_ADMIN' || feature.startsWith('MANAGE_');

/** The table's routes, known before the fixtures are (the ids only fill the rows' params and bodies). */
const ROW_ROUTES = partnerManagerRows(new Proxy({}, { get: () => 0 }) as MatrixIds & ScopeIds).map(
  (r) => r.route,
);

let t: TestApp;
let manager: Record<string, string>;
let admin: Record<string, string>;
let ids: MatrixIds & ScopeIds;
let rows: ScopeRow[];

beforeAll(async () => {
  t = await createTestApp();
  const seeded = await seedMatrixFixtures(t.database.db, t.app.blobStore);
  ids = { ...seeded.ids, ...(await seedPartnerManagerFixtures(t.database.db)) };
  manager = await createPartnerManager(t.database.db);
  admin = await seeded.personas.headers('internalAdmin');
  rows = partnerManagerRows(ids);
});
afterAll(async () => t?.close());

const administrationRoutes = () =>
  t.app.accessTable.flatMap((r) =>
    typeof r.access === 'object' && isAdministration(r.access.feature)
      ? [{ key: `${r.method} ${r.url}`, feature: r.access.feature }]
      : [],
  );

function fill(path: string, params: Record<string, string>) {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

async function call(routeKey: string, c: Omit<ScopeCase, 'status'>, headers: Record<string, string>) {
  const [method, path] = routeKey.split(' ') as [string, string];
  const upload = c.image ? multipartFile(PNG_1x1) : undefined;
  return t.app.inject({
    method: method as 'GET',
    url: fill(path, c.params ?? {}),
    query: c.query,
    headers: { ...headers, ...upload?.headers },
    ...(upload ? { payload: upload.payload } : c.body !== undefined && { payload: c.body as object }),
  });
}

describe('manager scoped to one partner (EXT/BJS)', () => {
  it('has a row for every administration route whose feature it holds, and no row without a route', () => {
    const held = administrationRoutes()
      .filter((r) => (PARTNER_MANAGER.features as string[]).includes(r.feature))
      .map((r) => r.key);
    const keys = rows.map((row) => row.route);
    expect(
      held.filter((key) => !keys.includes(key)),
      'routes without a row in partner-manager-table.ts',
    ).toEqual([]);
    expect(
      keys.filter((key) => !held.includes(key)),
      'rows without a route',
    ).toEqual([]);
  });

  it('is refused every administration route of a feature it lacks', async () => {
    const lacking = administrationRoutes().filter(
      (r) => !(PARTNER_MANAGER.features as string[]).includes(r.feature),
    );
    expect(lacking.length).toBeGreaterThan(0);
    const statuses: Record<string, number> = {};
    for (const { key } of lacking) {
      const matrixRow = routesTable.find((row) => row.route === key);
      const params = {
        accessTypeCode: 'EXT',
        partnerCode: 'BJS',
        ...matrixRow?.params?.(ids),
      };
      const body = typeof matrixRow?.body === 'function' ? matrixRow.body(ids) : matrixRow?.body;
      const query = typeof matrixRow?.query === 'function' ? matrixRow.query(ids) : matrixRow?.query;
      statuses[key] = (await call(key, { params, body, query }, manager)).statusCode;
    }
    expect(statuses).toEqual(Object.fromEntries(lacking.map((r) => [r.key, 403])));
  });

  // One test per row, run in table order: the row's own call, then its calls outside the scope.
  it.each(ROW_ROUTES)('%s: answers as the table says, own partner and other', async (route) => {
    const row = rows.find((r) => r.route === route)!;
    const own = await call(row.route, row.own, manager);
    expect(own.statusCode, `own partner: ${own.body}`).toBe(row.own.status);
    row.own.check?.(own.json());
    if (!Array.isArray(row.other)) return;
    for (const other of row.other) {
      const reply = await call(row.route, other, manager);
      const what = JSON.stringify(other.params ?? other.body ?? other.query ?? {});
      expect(reply.statusCode, `other partner ${what}: ${reply.body}`).toBe(other.status);
      other.check?.(reply.json());
    }
  });

  it('is checked against data an internal admin does see (the other partner is there)', async () => {
    const dashboards = (await call('GET /api/dashboards', {}, admin)).json();
    expect(dashboards.map((d: { partner: { code: string } }) => d.partner.code)).toContain('OTH');
    const category = (
      await call(
        'GET /api/admin/categories/:reportCategoryCode',
        { params: { reportCategoryCode: 'MX_ADMIN' } },
        admin,
      )
    ).json();
    expect(category.partners.map((p: { code: string }) => p.code)).toEqual(['BJS', 'OTH']);
    const runs = (await call('GET /api/report-monitors/runs', {}, admin)).json().runs;
    // Both partners' monitors of the run, where the manager's row sees BJS's alone.
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      due: [ids.ownRunMonitor, ids.otherMonitor],
      dueCount: 2,
      missingCount: 2,
    });
    expect(runs[0].missing.map((a: { partnerCode: string }) => a.partnerCode)).toEqual(['BJS', 'OTH']);
  });
});
