import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTest, auditRows, createAdminTest, partnerBody, weekly } from './support.js';

// /admin/report-alerts: every report monitor across partners (SPEC.md §7 report monitors).
describe('report alerts across partners', () => {
  let t: AdminTest;
  beforeAll(async () => {
    t = await createAdminTest();
    for (const code of ['MA', 'MB', 'MC']) {
      const reply = await t.call(
        'internalAdmin',
        'POST',
        '/api/partners',
        partnerBody(code, [
          ['CHARGEBACKS', ['WLY']],
          ['STATEMENTS', ['MLY']],
        ]),
      );
      expect(reply.status).toBe(201);
    }
  });
  afterAll(async () => t?.close());

  it('creates, lists, changes and deletes alerts, each audited', async () => {
    const created = await t.call('internalAdmin', 'POST', '/api/report-monitors', {
      partnerCode: 'MA',
      ...weekly('CHARGEBACKS', 'THURSDAY'),
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      accessTypeCode: 'EXT',
      partnerCode: 'MA',
      categoryCode: 'CHARGEBACKS',
      categoryName: 'Chargebacks',
      frequencyTypeCode: 'WLY',
      frequencyDay: 'THURSDAY',
      frequencyNumber: null,
      ownerEmails: [],
    });
    const id = created.json.reportMonitorId;
    for (const partnerCode of ['MB', 'MC']) {
      await t.call('internalAdmin', 'POST', '/api/report-monitors', {
        partnerCode,
        categoryCode: 'statements',
        frequencyTypeCode: 'MLY',
        frequencyDay: 'BUSINESS_DAY',
        frequencyNumber: -1,
      });
    }
    const list = await t.call(
      'internalAdmin',
      'GET',
      '/api/report-monitors?pageSize=2&sort=partner&order=desc',
    );
    expect(list.json.total).toBe(3);
    expect(list.json.monitors.map((m: { partnerCode: string }) => m.partnerCode)).toEqual(['MC', 'MB']);
    const filtered = await t.call(
      'internalAdmin',
      'GET',
      '/api/report-monitors?category=month&frequencyTypeCode=MLY',
    );
    expect(filtered.json.monitors.map((m: { categoryCode: string }) => m.categoryCode)).toEqual([
      'STATEMENTS',
      'STATEMENTS',
    ]);
    expect(filtered.json.monitors[0].ownerEmails).toEqual(['st@x.example']);

    const changed = await t.call('internalAdmin', 'PUT', `/api/report-monitors/${id}`, {
      categoryCode: 'STATEMENTS',
      frequencyTypeCode: 'MLY',
      frequencyDay: 'FRIDAY',
      frequencyNumber: 2,
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({
      partnerCode: 'MA',
      categoryCode: 'STATEMENTS',
      frequencyDay: 'FRIDAY',
      frequencyNumber: 2,
    });
    expect((await t.call('internalAdmin', 'DELETE', `/api/report-monitors/${id}`)).status).toBe(200);
    expect((await t.call('internalAdmin', 'DELETE', `/api/report-monitors/${id}`)).json.message).toBe(
      'Report alert was not found.',
    );
    const audit = (await auditRows(t.database.db, 'report-monitor')).filter(
      (r) => r.entity_id === String(id),
    );
    expect(audit.map((r) => r.action)).toEqual([
      'report-monitor.create',
      'report-monitor.update',
      'report-monitor.delete',
    ]);
    expect(audit[1]?.before).toMatchObject({ frequencyDay: 'THURSDAY' });
    expect(audit[1]?.after).toMatchObject({ frequencyDay: 'FRIDAY', frequencyNumber: 2 });
  });

  it('applies the report alert rules with the spec messages', async () => {
    const post = (alert: Record<string, unknown>) =>
      t.call('internalAdmin', 'POST', '/api/report-monitors', {
        partnerCode: 'MA',
        categoryCode: 'CHARGEBACKS',
        ...alert,
      });
    const required = { message: 'This field is required.' };
    expect((await post({ frequencyTypeCode: ' ' })).json).toMatchObject({
      ...required,
      field: 'frequencyTypeCode',
    });
    expect((await post({ frequencyTypeCode: 'WLY' })).json).toMatchObject({
      ...required,
      field: 'frequencyDay',
    });
    expect((await post({ frequencyTypeCode: 'WLY', frequencyDay: 'SUNDAY' })).json).toMatchObject({
      ...required,
      field: 'frequencyDay',
    });
    const monthly = { categoryCode: 'STATEMENTS', frequencyTypeCode: 'MLY' };
    expect((await post({ ...monthly, frequencyDay: 'MONDAY', frequencyNumber: 0 })).json).toMatchObject({
      ...required,
      field: 'frequencyNumber',
    });
    expect((await post({ ...monthly, frequencyNumber: 4 })).json).toMatchObject({
      ...required,
      field: 'frequencyDay',
    });
    expect((await post({ ...monthly, frequencyNumber: 4, frequencyDay: 'BUSINESS_DAY' })).status).toBe(201);
    expect((await post({ categoryCode: 'SETTLEMENT', frequencyTypeCode: 'DLY' })).json.field).toBe(
      'categoryCode',
    );
    const missing = await t.call('internalAdmin', 'POST', '/api/report-monitors', {
      partnerCode: 'NOPE',
      ...weekly('CHARGEBACKS'),
    });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('Partner was not found.');
  });

  it('keeps alerts of partners the user may not use out of reach', async () => {
    const [monitor] = (await t.call('internalAdmin', 'GET', '/api/report-monitors?partner=MB')).json.monitors;
    expect((await t.call('externalReports', 'GET', '/api/report-monitors')).status).toBe(403);
    expect(
      (await t.call('externalReports', 'DELETE', `/api/report-monitors/${monitor.reportMonitorId}`)).status,
    ).toBe(403);
  });
});
