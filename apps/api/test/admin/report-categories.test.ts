import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTest, auditRows, createAdminTest, partnerBody, weekly } from './support.js';

// SPEC.md §5 Report category and Dataset, §7 category reads and writes and datasets, through the API.
describe('report category administration', () => {
  let t: AdminTest;
  const category = (code: string, extra: Record<string, unknown> = {}) => ({
    code,
    name: `Category ${code}`,
    frequencyTypes: [{ code: 'DLY' }],
    ownerEmails: [],
    ...extra,
  });
  beforeAll(async () => {
    t = await createAdminTest();
  });
  afterAll(async () => t?.close());

  it("answers 'This field is required.' for a blank code or name", async () => {
    for (const field of ['code', 'name']) {
      const reply = await t.call('internalAdmin', 'POST', '/api/categories', {
        ...category('REQ'),
        [field]: ' ',
      });
      expect(reply.status).toBe(400);
      expect(reply.json).toMatchObject({ message: 'This field is required.', field });
    }
  });

  it("refuses a code or name already in use, case-insensitively: 'This value is already in use.'", async () => {
    const code = await t.call('internalAdmin', 'POST', '/api/categories', category('settlement'));
    expect(code.status).toBe(409);
    expect(code.json).toEqual({ message: 'This value is already in use.', field: 'code' });
    const name = await t.call(
      'internalAdmin',
      'POST',
      '/api/categories',
      category('OTHER', { name: ' SETTLEMENT ' }),
    );
    expect(name.status).toBe(409);
    expect(name.json).toEqual({ message: 'This value is already in use.', field: 'name' });
  });

  it('creates one category when two admins race with the same name', async () => {
    const replies = await Promise.all(
      ['R1', 'R2', 'R3', 'R4'].map((code) =>
        t.call('internalAdmin', 'POST', '/api/categories', category(code, { name: 'Racing' })),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('removes blank owner emails and checks each address', async () => {
    const created = await t.call(
      'internalAdmin',
      'POST',
      '/api/categories',
      category('OWN', {
        ownerEmails: ['', ' a@x.example ', '   ', 'b@x.example'],
      }),
    );
    expect(created.status).toBe(201);
    expect(created.json.ownerEmails).toEqual(['a@x.example', 'b@x.example']);
    const bad = await t.call(
      'internalAdmin',
      'POST',
      '/api/categories',
      category('BAD', { ownerEmails: ['nope'] }),
    );
    expect(bad.json).toMatchObject({ message: 'nope is not a valid email address.', field: 'ownerEmails' });
  });

  it('requires the external link when the box is checked, and strips its punctuation', async () => {
    const missing = await t.call(
      'internalAdmin',
      'POST',
      '/api/categories',
      category('EXTL', { hasExternalLink: true, externalLink: ' ' }),
    );
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({
      message: 'External link is required if this report category is on another website.',
      field: 'externalLink',
    });
    const blankWithoutBox = await t.call(
      'internalAdmin',
      'POST',
      '/api/categories',
      category('EXTL', { externalLink: '' }),
    );
    expect(blankWithoutBox.json.message).toBe(
      'External link is required if this report category is on another website.',
    );
    const created = await t.call(
      'internalAdmin',
      'POST',
      '/api/categories',
      category('EXTL', {
        hasExternalLink: true,
        externalLink: ' "https://reports.example.com/fees". ',
      }),
    );
    expect(created.status).toBe(201);
    expect(created.json.externalLink).toBe('https://reports.example.com/fees');
    const unchecked = await t.call(
      'internalAdmin',
      'PUT',
      '/api/categories',
      category('EXTL', {
        hasExternalLink: false,
        externalLink: 'https://ignored.example.com',
      }),
    );
    expect(unchecked.json.externalLink).toBe(null);
  });

  it('edits with the code locked, and trims frequency types from partners and alerts', async () => {
    await t.call(
      'internalAdmin',
      'POST',
      '/api/partners',
      partnerBody('CP', [['ACCOUNTS', ['DLY', 'WLY']]], {
        reportAlertChanges: { creates: [weekly('ACCOUNTS')], updates: [], deletes: [] },
      }),
    );
    const edited = await t.call('internalAdmin', 'PUT', '/api/categories', {
      code: 'accounts',
      name: 'Accounts',
      frequencyTypes: [{ code: 'DLY' }],
      ownerEmails: ['acc@x.example'],
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({
      code: 'ACCOUNTS',
      name: 'Accounts',
      frequencyTypes: [{ code: 'DLY', name: 'Day' }],
    });
    expect(edited.json.partners).toEqual([{ type: 'EXT', code: 'CP', name: 'Partner CP' }]);
    const partner = await t.call('internalAdmin', 'GET', '/api/admin/partners/CP');
    expect(partner.json.partner.categories[0].frequencyTypes).toEqual([{ code: 'DLY', name: 'Day' }]);
    expect(partner.json.monitors).toEqual([]);
    expect((await t.call('internalAdmin', 'PUT', '/api/categories', category('NEVER'))).status).toBe(404);
  });

  it('sets the partners of a category: new ones get it in all its frequency types', async () => {
    const reply = await t.call('internalAdmin', 'PUT', '/api/categories', {
      ...category('SETTLEMENT', { name: 'Settlement' }),
      partners: [
        { type: 'EXT', code: 'bjs' },
        { type: 'EXT', code: 'SAM' },
      ],
    });
    expect(reply.json.partners.map((p: { code: string }) => p.code)).toEqual(['BJS', 'SAM']);
    const bjs = await t.call('internalAdmin', 'GET', '/api/admin/partners/BJS');
    expect(bjs.json.partner.categories).toEqual([
      { code: 'SETTLEMENT', name: 'Settlement', frequencyTypes: [{ code: 'DLY', name: 'Day' }] },
    ]);
    const dropped = await t.call('internalAdmin', 'PUT', '/api/categories', {
      ...category('SETTLEMENT', { name: 'Settlement' }),
      partners: [{ type: 'EXT', code: 'SAM' }],
    });
    expect(dropped.json.partners.map((p: { code: string }) => p.code)).toEqual(['SAM']);
    const unknown = await t.call('internalAdmin', 'PUT', '/api/categories', {
      ...category('SETTLEMENT', { name: 'Settlement' }),
      partners: [{ type: 'EXT', code: 'NOPE' }],
    });
    expect(unknown.json).toMatchObject({ message: 'Unknown partner: EXT/NOPE', field: 'partners' });
  });

  it('lists categories filtered, sorted and paged in the database', async () => {
    const page = await t.call(
      'internalAdmin',
      'GET',
      '/api/admin/categories?pageSize=1&sort=code&order=asc&name=category',
    );
    expect(page.json).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.json.categories.map((c: { code: string }) => c.code)).toEqual(['EXTL']);
    const next = await t.call(
      'internalAdmin',
      'GET',
      '/api/admin/categories?pageSize=1&page=2&sort=code&name=CATEGORY',
    );
    expect(next.json.categories.map((c: { code: string }) => c.code)).toEqual(['OWN']);
    const byName = await t.call(
      'internalAdmin',
      'GET',
      '/api/admin/categories?sort=name&order=desc&pageSize=3',
    );
    expect(byName.json.categories.map((c: { name: string }) => c.name)).toEqual([
      'Settlement',
      'Racing',
      'Monthly Statements',
    ]);
    expect(page.json.categories[0]).toMatchObject({
      partnerCount: 0,
      frequencyTypes: [{ code: 'DLY', name: 'Day' }],
    });
    expect(page.json.frequencyTypes).toHaveLength(3);
  });

  it('deletes a category without reports, audited', async () => {
    expect((await t.call('internalAdmin', 'DELETE', '/api/categories/own')).status).toBe(200);
    expect((await t.call('internalAdmin', 'GET', '/api/admin/categories/OWN')).status).toBe(404);
    const audit = (await auditRows(t.database.db, 'report-category')).filter((r) => r.entity_id === 'OWN');
    expect(audit.map((r) => r.action)).toEqual(['report-category.create', 'report-category.delete']);
    expect(audit[1]?.before).toMatchObject({ ownerEmails: ['a@x.example', 'b@x.example'] });
  });
});

describe('datasets', () => {
  let t: AdminTest;
  beforeAll(async () => {
    t = await createAdminTest();
  });
  afterAll(async () => t?.close());

  it('lets a service account register a dataset, and the dialog look it up', async () => {
    await t.database.db
      .insertInto('user_features')
      .values({ user_id: 'svc-reports', feature: 'MANAGE_REPORT_CATEGORIES' })
      .execute();
    const registered = await t.call('serviceAccount', 'POST', '/api/datasets', {
      catalogId: 'cat-001',
      objectKey: '/Reports/EXT/BJS/SETTLEMENT/',
    });
    expect(registered.status).toBe(201);
    const moved = await t.call('serviceAccount', 'POST', '/api/datasets', {
      catalogId: 'cat-001',
      objectKey: '/Reports/EXT/SAM/SETTLEMENT/',
    });
    expect(moved.status).toBe(200);
    const found = await t.call('internalAdmin', 'GET', '/api/datasets/cat-001');
    const sam = await t.database.db
      .selectFrom('partners')
      .select(['code', 'name'])
      .where('code', '=', 'SAM')
      .executeTakeFirstOrThrow();
    // The partner the key names, as the portal knows it: the dialog adds it by its name.
    expect(found.json).toEqual({
      objectKey: '/Reports/EXT/SAM/SETTLEMENT/',
      partner: { accessTypeCode: 'EXT', partnerCode: sam.code, partnerName: sam.name },
    });
    const audit = await auditRows(t.database.db, 'dataset');
    expect(audit.map((r) => [r.actor_user_id, r.action])).toEqual([
      ['svc-reports', 'dataset.create'],
      ['svc-reports', 'dataset.update'],
    ]);
  });

  it('names no partner for a key whose partner the portal does not know', async () => {
    expect(
      (
        await t.call('internalAdmin', 'POST', '/api/datasets', {
          catalogId: 'cat-nobody',
          objectKey: '/Reports/EXT/NOBODY/SETTLEMENT/',
        })
      ).status,
    ).toBe(201);
    expect((await t.call('internalAdmin', 'GET', '/api/datasets/cat-nobody')).json).toEqual({
      objectKey: '/Reports/EXT/NOBODY/SETTLEMENT/',
      partner: null,
    });
  });

  it("answers 404 'Dataset not found' for an unknown catalogId", async () => {
    const reply = await t.call('internalAdmin', 'GET', '/api/datasets/cat-404');
    expect(reply.status).toBe(404);
    expect(reply.json.message).toBe('Dataset not found');
  });

  it('refuses an object key that is not a plain folder', async () => {
    for (const objectKey of ['Reports/EXT/BJS/X/', '/Reports/../etc/', '/Reports/EXT/BJS/X']) {
      expect(
        (await t.call('internalAdmin', 'POST', '/api/datasets', { catalogId: 'bad', objectKey })).status,
      ).toBe(400);
    }
  });
});
