import { Type } from 'typebox';
import { Nullable } from '../lib/http/list-query.js';
import { Code, SerialId } from '../lib/http/route-params.js';

// The request shapes of partners and report alerts (SPEC.md §3 Partner, Report monitor); their
// replies are defined in @portal/domain/api/partners.

export const ReportAlertFields = {
  categoryCode: Type.String({ maxLength: 100 }),
  frequencyTypeCode: Type.String({ maxLength: 20 }),
  frequencyDay: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  frequencyNumber: Type.Optional(Nullable(Type.Integer({ minimum: -10, maximum: 10 }))),
};

export const ReportMonitorId = SerialId;

export const PartnerBody = Type.Object({
  type: Type.String({ maxLength: 20 }),
  code: Type.String({ maxLength: 100 }),
  name: Type.String({ maxLength: 500 }),
  categories: Type.Array(
    Type.Object({
      code: Code,
      name: Type.Optional(Type.String()),
      frequencyTypes: Type.Array(Type.Object({ code: Code, name: Type.Optional(Type.String()) }), {
        maxItems: 50,
      }),
    }),
    { maxItems: 500 },
  ),
  reportAlertChanges: Type.Optional(
    Type.Object(
      {
        creates: Type.Array(Type.Object(ReportAlertFields), { maxItems: 500 }),
        updates: Type.Array(Type.Object({ reportMonitorId: ReportMonitorId, ...ReportAlertFields }), {
          maxItems: 500,
        }),
        deletes: Type.Array(ReportMonitorId, { maxItems: 500 }),
      },
      { description: 'The alert changes queued in the form, applied in order: creates, updates, deletes' },
    ),
  ),
});
