import { createSession } from '@portal/db';
import { createUser } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTest, createAdminTest, partnerBody, weekly } from './support.js';

// GET /api/admin/partners: filtered, sorted and paged in the database (SPEC.md §2 Admin list
// tables), over a list far longer than a page, and limited to the partners the user may use.
describe('the admin partner list', () => {
  let t: AdminTest;
  const LOTS = 2500;

  beforeAll(async () => {
    t = await createAdminTest();
    await t.database.db
      .insertInto('partners')
      .values(
        Array.from({ length: LOTS }, (_, i) => ({
          access_type_code: i % 5 === 0 ? 'INT' : 'EXT',
          code: `P${String(i).padStart(5, '0')}`,
          name: `Generated ${i % 2 ? 'Odd' : 'Even'} ${String(i).padStart(5, '0')}`,
        })),
      )
      .execute();
    await t.call(
      'internalAdmin',
      'POST',
      '/api/partners',
      partnerBody('WITHCAT', [['CHARGEBACKS', ['WLY']]], {
        name: 'zz Last by name',
        reportAlertChanges: { creates: [weekly('CHARGEBACKS')], updates: [], deletes: [] },
      }),
    );
    await createUser(t.database.db, {
      userId: 'partner-manager@x.example',
      isExternalUser: false,
      features: ['MANAGE_PARTNERS'],
      partnerAccess: [
        { accessTypeCode: 'EXT', partnerCode: 'BJS' },
        { accessTypeCode: 'INT', partnerCode: 'ALL' },
      ],
    });
  });
  afterAll(async () => t?.close());

  const list = async (query: string) =>
    (await t.call('internalAdmin', 'GET', `/api/admin/partners?${query}`)).json;

  it('pages a long list with its total', async () => {
    const first = await list('pageSize=100&sort=code');
    expect(first.total).toBe(LOTS + 6);
    expect(first.partners).toHaveLength(100);
    expect(first.partners[0].code).toBe('BJS');
    const last = await list(`pageSize=100&sort=code&page=${Math.ceil((LOTS + 6) / 100)}`);
    expect(last.partners.map((p: { code: string }) => p.code).slice(-2)).toEqual(['WITHCAT', 'WSI']);
    expect(await list('pageSize=100&page=999')).toMatchObject({ partners: [], total: LOTS + 6 });
  });

  it('filters by each column, case-insensitively, anywhere in the value', async () => {
    const odd = await list('name=ODD 0001&pageSize=100');
    expect(odd.total).toBe(5);
    expect(odd.partners.every((p: { name: string }) => p.name.includes('Odd 0001'))).toBe(true);
    const internal = await list('type=int&code=p000&sort=code');
    expect(internal.total).toBe(20);
    expect(internal.partners.every((p: { type: string }) => p.type === 'INT')).toBe(true);
    const withCategory = await list('category=chargebacks');
    expect(withCategory.partners.map((p: { code: string }) => p.code)).toEqual(['WITHCAT']);
    expect(withCategory.monitors).toMatchObject([{ partnerCode: 'WITHCAT', frequencyDay: 'MONDAY' }]);
    expect((await list('code=%25')).total).toBe(0);
    expect((await list('code=_')).total).toBe(0);
  });

  it('sorts by type, code or name, either way', async () => {
    const byName = await list('sort=name&order=desc&pageSize=1');
    expect(byName.partners[0].code).toBe('WITHCAT');
    const byType = await list('sort=type&order=desc&pageSize=1');
    expect(byType.partners[0].type).toBe('INT');
  });

  it('answers with the categories, access types and frequency types the forms offer', async () => {
    const reply = await list('pageSize=1');
    expect(reply.accessTypes).toEqual([
      { code: 'EXT', name: 'External' },
      { code: 'INT', name: 'Internal' },
    ]);
    expect(reply.categories.map((c: { code: string }) => c.code)).toContain('CHARGEBACKS');
    expect(reply.frequencyTypes).toHaveLength(3);
  });

  it('shows a partner manager only the partners of their grants', async () => {
    const { sessionId } = await createSession(t.database.db, {
      userId: 'partner-manager@x.example',
      provider: 'sso',
      idToken: null,
      absoluteHours: 1,
    });
    const as = (url: string, method: 'GET' | 'DELETE' = 'GET') =>
      t.app.inject({
        method,
        url,
        headers: { cookie: `portal_session=${sessionId}`, 'x-requested-with': 'portal' },
      });
    const reply = (await as('/api/admin/partners?pageSize=100&type=EXT')).json();
    expect(reply.partners.map((p: { code: string }) => p.code)).toEqual(['BJS']);
    expect((await as('/api/admin/partners?pageSize=1&type=INT')).json().total).toBe(501);
    expect((await as('/api/admin/partners/SAM')).statusCode).toBe(403);
    expect((await as('/api/partners/EXT/SAM', 'DELETE')).statusCode).toBe(403);
    expect((await as('/api/admin/partners/BJS?accessTypeCode=EXT')).statusCode).toBe(200);
  });
});
