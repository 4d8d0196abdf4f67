import { makeMonthPartitions } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTest, createAdminTest, partnerBody } from './support.js';

// Every admin change is in the audit log (who, when, what, before, after); internal admins read it.
describe('the audit log', () => {
  let t: AdminTest;
  beforeAll(async () => {
    t = await createAdminTest();
    await t.call('internalAdmin', 'POST', '/api/partners', partnerBody('AUD', [['SETTLEMENT', ['DLY']]]));
    await t.call('internalAdmin', 'PUT', '/api/partners', { ...partnerBody('AUD', []), name: 'Audited' });
    await t.call('internalAdmin', 'POST', '/api/frequency-types', { code: 'QLY', name: 'Quarter' });
    // The audit log is partitioned by month: an entry written back in 2020 needs that month's partition.
    await makeMonthPartitions(t.database.db, 'audit_log', [new Date('2020-01-15T12:00:00Z')]);
    await t.database.db
      .insertInto('audit_log')
      .values({
        actor_user_id: 'someone-else',
        action: 'faq.create',
        entity_type: 'faq',
        entity_id: '1',
        at: new Date('2020-01-15T12:00:00Z'),
      })
      .execute();
  });
  afterAll(async () => t?.close());

  it('lists entries newest first with who, when, what, before and after', async () => {
    const reply = await t.call('internalAdmin', 'GET', '/api/admin/audit-log?entityType=partner');
    expect(reply.status).toBe(200);
    expect(reply.json.total).toBe(2);
    const [update, create] = reply.json.entries;
    expect(update).toMatchObject({
      actorUserId: 'E100001',
      action: 'partner.update',
      entityType: 'partner',
      entityId: 'EXT/AUD',
      before: { name: 'Partner AUD', categories: [{ code: 'SETTLEMENT' }] },
      after: { name: 'Audited', categories: [] },
    });
    expect(Date.parse(update.at)).toBeGreaterThanOrEqual(Date.parse(create.at));
  });

  it('filters by actor and date range, and pages', async () => {
    expect(
      (await t.call('internalAdmin', 'GET', '/api/admin/audit-log?actor=SOMEONE-ELSE')).json.entries,
    ).toMatchObject([{ action: 'faq.create' }]);
    const day = await t.call('internalAdmin', 'GET', '/api/admin/audit-log?from=2020-01-15&to=2020-01-15');
    expect(day.json.entries.map((e: { action: string }) => e.action)).toEqual(['faq.create']);
    expect((await t.call('internalAdmin', 'GET', '/api/admin/audit-log?to=2020-01-14')).json.total).toBe(0);
    const paged = await t.call('internalAdmin', 'GET', '/api/admin/audit-log?pageSize=1&page=2');
    expect(paged.json).toMatchObject({ page: 2, pageSize: 1, total: 4 });
    expect(paged.json.entries).toHaveLength(1);
  });

  it('is for internal admins only', async () => {
    expect((await t.call('internalOperations', 'GET', '/api/admin/audit-log')).status).toBe(403);
    expect((await t.call('anonymous', 'GET', '/api/admin/audit-log')).status).toBe(401);
  });
});
