import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTest, auditRows, createAdminTest } from './support.js';

// SPEC.md §5 Frequency type: code and name required and unique; code locked on edit.
describe('frequency type administration', () => {
  let t: AdminTest;
  beforeAll(async () => {
    t = await createAdminTest();
  });
  afterAll(async () => t?.close());

  it("answers 'This field is required.' for a blank code or name", async () => {
    expect(
      (await t.call('internalAdmin', 'POST', '/api/frequency-types', { code: ' ', name: 'Quarter' })).json,
    ).toMatchObject({
      message: 'This field is required.',
      field: 'code',
    });
    expect(
      (await t.call('internalAdmin', 'POST', '/api/frequency-types', { code: 'QLY', name: '' })).json,
    ).toMatchObject({
      message: 'This field is required.',
      field: 'name',
    });
  });

  it("refuses a code or a name in use: 'This value is already in use.'", async () => {
    const code = await t.call('internalAdmin', 'POST', '/api/frequency-types', {
      code: 'dly',
      name: 'Daily',
    });
    expect(code.status).toBe(409);
    expect(code.json).toEqual({ message: 'This value is already in use.', field: 'code' });
    const name = await t.call('internalAdmin', 'POST', '/api/frequency-types', {
      code: 'DAY',
      name: ' day ',
    });
    expect(name.status).toBe(409);
    expect(name.json).toEqual({ message: 'This value is already in use.', field: 'name' });
  });

  it('creates, renames with the code locked, lists and deletes, each audited', async () => {
    expect(
      (await t.call('internalAdmin', 'POST', '/api/frequency-types', { code: ' QLY ', name: ' Quarter ' }))
        .json,
    ).toEqual({
      code: 'QLY',
      name: 'Quarter',
    });
    const renamed = await t.call('internalAdmin', 'PUT', '/api/frequency-types', {
      code: 'qly',
      name: 'Quarterly',
    });
    expect(renamed.json).toEqual({ code: 'QLY', name: 'Quarterly' });
    const taken = await t.call('internalAdmin', 'PUT', '/api/frequency-types', { code: 'QLY', name: 'Week' });
    expect(taken.json).toEqual({ message: 'This value is already in use.', field: 'name' });
    expect(
      (await t.call('internalAdmin', 'PUT', '/api/frequency-types', { code: 'YLY', name: 'Year' })).status,
    ).toBe(404);
    const list = await t.call('internalAdmin', 'GET', '/api/frequency-types?sort=name&order=desc&pageSize=2');
    expect(list.json).toMatchObject({
      total: 4,
      frequencyTypes: [
        { code: 'WLY', name: 'Week' },
        { code: 'QLY', name: 'Quarterly' },
      ],
    });
    expect(
      (await t.call('internalAdmin', 'GET', '/api/frequency-types?name=quart')).json.frequencyTypes,
    ).toHaveLength(1);
    expect((await t.call('internalAdmin', 'DELETE', '/api/frequency-types/QLY')).status).toBe(200);
    expect((await t.call('internalAdmin', 'DELETE', '/api/frequency-types/QLY')).status).toBe(404);
    const audit = await auditRows(t.database.db, 'frequency-type');
    expect(audit.map((r) => r.action)).toEqual([
      'frequency-type.create',
      'frequency-type.update',
      'frequency-type.delete',
    ]);
    expect(audit[1]).toMatchObject({
      before: { code: 'QLY', name: 'Quarter' },
      after: { code: 'QLY', name: 'Quarterly' },
    });
  });

  it('is refused to users without MANAGE_REPORT_CATEGORIES', async () => {
    expect((await t.call('internalOperations', 'GET', '/api/frequency-types')).status).toBe(403);
    expect((await t.call('anonymous', 'POST', '/api/frequency-types', { code: 'A', name: 'A' })).status).toBe(
      401,
    );
  });
});
