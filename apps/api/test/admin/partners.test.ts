import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTest, auditRows, createAdminTest, partnerBody } from './support.js';

// SPEC.md §5 Partner and §7 partner reads and writes, through the API.
describe('partner administration', () => {
  let t: AdminTest;
  beforeAll(async () => {
    t = await createAdminTest();
  });
  afterAll(async () => t?.close());

  it('creates a partner with categories and frequency types, audited in the same transaction', async () => {
    const body = partnerBody('NEW1', [
      ['SETTLEMENT', ['DLY']],
      ['ACCOUNTS', ['DLY', 'WLY']],
    ]);
    const created = await t.call('internalAdmin', 'POST', '/api/partners', body);
    expect(created.status).toBe(201);
    expect(created.json.partner).toEqual({
      type: 'EXT',
      code: 'NEW1',
      name: 'Partner NEW1',
      categories: [
        {
          code: 'ACCOUNTS',
          name: 'Account Activity',
          frequencyTypes: [
            { code: 'DLY', name: 'Day' },
            { code: 'WLY', name: 'Week' },
          ],
        },
        { code: 'SETTLEMENT', name: 'Settlement', frequencyTypes: [{ code: 'DLY', name: 'Day' }] },
      ],
    });
    const [entry] = (await auditRows(t.database.db, 'partner')).filter((r) => r.entity_id === 'EXT/NEW1');
    expect(entry).toMatchObject({ actor_user_id: 'E100001', action: 'partner.create', before: null });
    expect(entry?.after).toMatchObject({ name: 'Partner NEW1' });
  });

  it("answers 'This field is required.' for a blank access type, code or name", async () => {
    for (const field of ['type', 'code', 'name']) {
      const reply = await t.call('internalAdmin', 'POST', '/api/partners', {
        ...partnerBody('REQ', []),
        [field]: '   ',
      });
      expect(reply.status).toBe(400);
      expect(reply.json).toMatchObject({ message: 'This field is required.', field });
    }
  });

  it('refuses a duplicate access type and code, trimmed and case-insensitively', async () => {
    const reply = await t.call('internalAdmin', 'POST', '/api/partners', partnerBody('  bjs ', []));
    expect(reply.status).toBe(409);
    expect(reply.json.message).toBe(
      'A partner already exists with this Access Type and Partner Code combination.',
    );
    const otherType = await t.call('internalAdmin', 'POST', '/api/partners', {
      ...partnerBody('BJS', []),
      type: 'INT',
    });
    expect(otherType.status).toBe(201);
  });

  it('gives one partner and one refusal when two admins create the same code at once, never a 500', async () => {
    const body = partnerBody('RACE', [['SETTLEMENT', ['DLY']]]);
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.call('internalAdmin', 'POST', '/api/partners', { ...body, code: i % 2 ? 'race' : 'RACE' }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of replies.filter((r) => r.status === 409)) {
      expect(refused.json.message).toBe(
        'A partner already exists with this Access Type and Partner Code combination.',
      );
    }
    const rows = await t.database.db
      .selectFrom('partners')
      .select('code')
      .where('code', 'ilike', 'race')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("needs at least one frequency type for each selected category: 'At least one option must be selected.'", async () => {
    const reply = await t.call(
      'internalAdmin',
      'POST',
      '/api/partners',
      partnerBody('NOFT', [['ACCOUNTS', []]]),
    );
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({
      message: 'At least one option must be selected.',
      field: 'categories.ACCOUNTS',
    });
  });

  it('refuses an unknown access type, category or frequency type not offered by the category', async () => {
    expect(
      (await t.call('internalAdmin', 'POST', '/api/partners', { ...partnerBody('X1', []), type: 'ZZZ' }))
        .status,
    ).toBe(400);
    const unknown = await t.call(
      'internalAdmin',
      'POST',
      '/api/partners',
      partnerBody('X2', [['NOPE', ['DLY']]]),
    );
    expect(unknown.json.message).toBe('Unknown report category: NOPE');
    const offered = await t.call(
      'internalAdmin',
      'POST',
      '/api/partners',
      partnerBody('X3', [['SETTLEMENT', ['MLY']]]),
    );
    expect(offered.status).toBe(400);
  });

  it('edits name and categories with type and code locked', async () => {
    await t.call('internalAdmin', 'POST', '/api/partners', partnerBody('EDIT', [['SETTLEMENT', ['DLY']]]));
    const edited = await t.call('internalAdmin', 'PUT', '/api/partners', {
      ...partnerBody('edit', [['CHARGEBACKS', ['WLY']]]),
      name: 'Renamed',
    });
    expect(edited.status).toBe(200);
    expect(edited.json.partner).toMatchObject({
      code: 'EDIT',
      name: 'Renamed',
      categories: [{ code: 'CHARGEBACKS' }],
    });
    const moved = await t.call('internalAdmin', 'PUT', '/api/partners', {
      ...partnerBody('EDIT', []),
      type: 'INT',
    });
    expect(moved.status).toBe(404);
    expect(moved.json.message).toBe('Partner was not found.');
  });

  it('reads one partner with what the form offers', async () => {
    const reply = await t.call('internalAdmin', 'GET', '/api/admin/partners/edit?accessTypeCode=EXT');
    expect(reply.status).toBe(200);
    expect(reply.json.partner.code).toBe('EDIT');
    expect(reply.json.frequencyTypes.map((f: { code: string }) => f.code)).toEqual(['DLY', 'MLY', 'WLY']);
    expect(reply.json.accessTypes.map((a: { code: string }) => a.code)).toEqual(['EXT', 'INT']);
    expect(reply.json.categories.find((c: { code: string }) => c.code === 'SETTLEMENT').ownerEmails).toEqual([
      'settle@x.example',
    ]);
    expect((await t.call('internalAdmin', 'GET', '/api/admin/partners/NOPE')).status).toBe(404);
    // BJS exists under EXT and INT now: the access type must be given.
    expect((await t.call('internalAdmin', 'GET', '/api/admin/partners/BJS')).status).toBe(400);
  });

  it('deletes a partner with its grants, and refuses one with reports', async () => {
    await t.call('internalAdmin', 'POST', '/api/partners', partnerBody('GONE', [['SETTLEMENT', ['DLY']]]));
    await t.database.db
      .insertInto('user_partner_access')
      .values({ user_id: 'partner@demo.portal', access_type_code: 'EXT', partner_code: 'GONE' })
      .execute();
    const deleted = await t.call('internalAdmin', 'DELETE', '/api/partners/EXT/GONE');
    expect(deleted.status).toBe(200);
    const grants = await t.database.db
      .selectFrom('user_partner_access')
      .selectAll()
      .where('partner_code', '=', 'GONE')
      .execute();
    expect(grants).toEqual([]);
    expect((await t.call('internalAdmin', 'DELETE', '/api/partners/EXT/GONE')).status).toBe(404);
    const audit = (await auditRows(t.database.db, 'partner')).filter((r) => r.entity_id === 'EXT/GONE');
    expect(audit.map((r) => r.action)).toEqual(['partner.create', 'partner.delete']);

    const { partner_id } = await t.database.db
      .selectFrom('partners')
      .select('partner_id')
      .where('code', '=', 'SAM')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('reports')
      .values({
        partner_id,
        category_code: 'SETTLEMENT',
        frequency_type_code: 'DLY',
        report_date: '2026-11-20',
        file_name: 'a.csv',
        file_size: 1,
        content_type: 'text/csv',
        sha256: 'a'.repeat(64),
        storage_key: 'Reports/EXT/SAM/SETTLEMENT/2026-11-20/a.csv',
        last_modified: new Date(),
      })
      .execute();
    const refused = await t.call('internalAdmin', 'DELETE', '/api/partners/EXT/SAM');
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(
      'This partner has reports and cannot be deleted. Delete its reports first.',
    );
  });
});
