import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AdminTest, auditRows, createAdminTest, partnerBody, weekly } from './support.js';

// SPEC.md §4 Report alerts in the partner form: queued creates, updates and deletes are applied
// when the partner is saved, in order, in one transaction with the partner; alerts of removed
// categories go too; a failure part-way leaves the partner and its alerts as they were.
describe('report alerts saved with the partner', () => {
  let t: AdminTest;
  let ids: number[];
  const categories: [string, string[]][] = [
    ['CHARGEBACKS', ['WLY']],
    ['ACCOUNTS', ['DLY', 'WLY']],
    ['STATEMENTS', ['MLY']],
  ];

  const monitors = async () =>
    t.database.db
      .selectFrom('report_monitors as m')
      .innerJoin('partners as p', 'p.partner_id', 'm.partner_id')
      .select([
        'm.report_monitor_id as id',
        'm.category_code',
        'm.frequency_day',
        'm.frequency_number',
        'm.frequency_type_code',
      ])
      .where('p.code', '=', 'ALRT')
      .orderBy('m.report_monitor_id')
      .execute();
  const partnerState = async () =>
    (await t.call('internalAdmin', 'GET', '/api/admin/partners/ALRT?accessTypeCode=EXT')).json;

  beforeAll(async () => {
    t = await createAdminTest();
  });
  afterAll(async () => t?.close());

  beforeEach(async () => {
    await t.database.db.deleteFrom('partners').where('code', '=', 'ALRT').execute();
    const created = await t.call(
      'internalAdmin',
      'POST',
      '/api/partners',
      partnerBody('ALRT', categories, {
        reportAlertChanges: {
          creates: [
            weekly('CHARGEBACKS', 'MONDAY'),
            weekly('CHARGEBACKS', 'TUESDAY'),
            {
              categoryCode: 'STATEMENTS',
              frequencyTypeCode: 'MLY',
              frequencyDay: 'BUSINESS_DAY',
              frequencyNumber: -1,
            },
          ],
          updates: [],
          deletes: [],
        },
      }),
    );
    expect(created.status).toBe(201);
    ids = created.json.monitors.map((m: { reportMonitorId: number }) => m.reportMonitorId);
    expect(ids).toHaveLength(3);
  });

  it('applies one create, one update, one delete and a removed category in order, in one save', async () => {
    const [monday, tuesday] = ids as [number, number, number];
    const reply = await t.call(
      'internalAdmin',
      'PUT',
      '/api/partners',
      partnerBody(
        'ALRT',
        [
          ['CHARGEBACKS', ['WLY']],
          ['ACCOUNTS', ['DLY', 'WLY']],
        ],
        {
          reportAlertChanges: {
            creates: [weekly('ACCOUNTS', 'FRIDAY')],
            updates: [{ ...weekly('CHARGEBACKS', 'WEDNESDAY'), reportMonitorId: monday }],
            deletes: [tuesday],
          },
        },
      ),
    );
    expect(reply.status).toBe(200);
    const after = await monitors();
    expect(after.map((m) => [m.id, m.category_code, m.frequency_day])).toEqual([
      [monday, 'CHARGEBACKS', 'WEDNESDAY'],
      [expect.any(Number), 'ACCOUNTS', 'FRIDAY'],
    ]);
    // The order is visible in the audit log: creates, updates, deletes, then the removed category's alert.
    const audit = (await auditRows(t.database.db, 'report-monitor')).slice(-4);
    expect(audit.map((r) => r.action)).toEqual([
      'report-monitor.create',
      'report-monitor.update',
      'report-monitor.delete',
      'report-monitor.delete',
    ]);
    expect(audit[2]?.entity_id).toBe(String(tuesday));
    expect(audit[3]?.entity_id).toBe(String(ids[2]));
    expect(audit[3]?.detail).toEqual({ reason: 'Its report category was removed from the partner.' });
    expect(reply.json.monitors).toHaveLength(2);
  });

  it('leaves the partner and its alerts as they were when a change fails part-way, naming the change', async () => {
    const before = await partnerState();
    const beforeMonitors = await monitors();
    const beforeAudit = (await t.database.db.selectFrom('audit_log').select('audit_id').execute()).length;
    const reply = await t.call(
      'internalAdmin',
      'PUT',
      '/api/partners',
      partnerBody('ALRT', [['CHARGEBACKS', ['WLY']]], {
        name: 'Should not stick',
        reportAlertChanges: {
          creates: [weekly('CHARGEBACKS', 'FRIDAY')],
          updates: [{ ...weekly('CHARGEBACKS', 'THURSDAY'), reportMonitorId: ids[0] }],
          deletes: [ids[1], 999_999],
        },
      }),
    );
    expect(reply.status).toBe(409);
    expect(reply.json).toEqual({
      message:
        'The deletion of report alert 999999 failed: Report alert 999999 was not found for this partner. Nothing was saved.',
      failedChange: { kind: 'delete', index: 1, reportMonitorId: 999_999 },
    });
    expect(await partnerState()).toEqual(before);
    expect(await monitors()).toEqual(beforeMonitors);
    expect((await t.database.db.selectFrom('audit_log').select('audit_id').execute()).length).toBe(
      beforeAudit,
    );
  });

  it('refuses an update of an alert of another partner, applying nothing', async () => {
    const other = await t.call(
      'internalAdmin',
      'POST',
      '/api/partners',
      partnerBody('ALRT2', [['CHARGEBACKS', ['WLY']]], {
        reportAlertChanges: { creates: [weekly('CHARGEBACKS')], updates: [], deletes: [] },
      }),
    );
    const foreignId = other.json.monitors[0].reportMonitorId;
    const beforeMonitors = await monitors();
    const reply = await t.call(
      'internalAdmin',
      'PUT',
      '/api/partners',
      partnerBody('ALRT', categories, {
        reportAlertChanges: {
          creates: [weekly('ACCOUNTS')],
          updates: [{ ...weekly('CHARGEBACKS'), reportMonitorId: foreignId }],
          deletes: [],
        },
      }),
    );
    expect(reply.status).toBe(409);
    expect(reply.json.failedChange).toEqual({ kind: 'update', index: 0, reportMonitorId: foreignId });
    expect(await monitors()).toEqual(beforeMonitors);
  });

  it('checks every queued alert by the report alert rules before saving anything', async () => {
    const cases = [
      [{ ...weekly('CHARGEBACKS'), frequencyTypeCode: '' }, 'This field is required.', 'frequencyTypeCode'],
      [{ ...weekly('CHARGEBACKS'), frequencyDay: null }, 'This field is required.', 'frequencyDay'],
      [{ ...weekly('CHARGEBACKS'), frequencyDay: 'BUSINESS_DAY' }, 'This field is required.', 'frequencyDay'],
      [
        {
          categoryCode: 'STATEMENTS',
          frequencyTypeCode: 'MLY',
          frequencyDay: 'MONDAY',
          frequencyNumber: null,
        },
        'This field is required.',
        'frequencyNumber',
      ],
      [
        { categoryCode: 'STATEMENTS', frequencyTypeCode: 'MLY', frequencyDay: null, frequencyNumber: 2 },
        'This field is required.',
        'frequencyDay',
      ],
      [
        {
          categoryCode: 'STATEMENTS',
          frequencyTypeCode: 'MLY',
          frequencyDay: 'SATURDAY',
          frequencyNumber: 2,
        },
        'This field is required.',
        'frequencyDay',
      ],
      [weekly('SETTLEMENT'), 'This report category is not selected for the partner.', 'categoryCode'],
      [
        { categoryCode: 'ACCOUNTS', frequencyTypeCode: 'MLY', frequencyDay: 'MONDAY', frequencyNumber: 1 },
        'This frequency type is not selected for the partner in this report category.',
        'frequencyTypeCode',
      ],
    ] as const;
    const beforeMonitors = await monitors();
    for (const [alert, message, field] of cases) {
      const reply = await t.call(
        'internalAdmin',
        'PUT',
        '/api/partners',
        partnerBody('ALRT', categories, {
          name: 'Changed',
          reportAlertChanges: { creates: [weekly('CHARGEBACKS'), alert], updates: [], deletes: [] },
        }),
      );
      expect(reply.status).toBe(400);
      expect(reply.json).toEqual({
        message: `The new report alert 2 failed: ${message} Nothing was saved.`,
        failedChange: { kind: 'create', index: 1, reportMonitorId: null },
        field,
      });
    }
    expect(await monitors()).toEqual(beforeMonitors);
    expect((await partnerState()).partner.name).toBe('Partner ALRT');
  });

  it('enables alerts for EXT partners only', async () => {
    const reply = await t.call('internalAdmin', 'POST', '/api/partners', {
      ...partnerBody('INTA', [['CHARGEBACKS', ['WLY']]]),
      type: 'INT',
      reportAlertChanges: { creates: [weekly('CHARGEBACKS')], updates: [], deletes: [] },
    });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toBe(
      'The new report alert 1 failed: Report alerts can be set for partners of the EXT access type only. Nothing was saved.',
    );
    expect((await t.call('internalAdmin', 'GET', '/api/admin/partners/INTA?accessTypeCode=INT')).status).toBe(
      404,
    );
  });
});
