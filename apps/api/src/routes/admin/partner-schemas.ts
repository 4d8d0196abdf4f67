import { Type } from '@sinclair/typebox';
import { Code, CodeName, Nullable } from './schemas.js';

// The shapes of partners and report alerts (SPEC.md §3 Partner, Report monitor).

export const PartnerCategory = Type.Object({
  code: Type.String(),
  name: Type.String(),
  frequencyTypes: Type.Array(CodeName),
});

export const Partner = Type.Object({
  type: Type.String({ description: 'Access type code, e.g. EXT or INT' }),
  code: Type.String(),
  name: Type.String(),
  categories: Type.Array(PartnerCategory),
});

export const ReportMonitor = Type.Object({
  reportMonitorId: Type.Integer(),
  accessTypeCode: Type.String(),
  partnerCode: Type.String(),
  partnerName: Type.String(),
  categoryCode: Type.String(),
  categoryName: Type.String(),
  frequencyTypeCode: Type.String(),
  frequencyDay: Nullable(Type.String()),
  frequencyNumber: Nullable(Type.Integer()),
  ownerEmails: Type.Array(Type.String(), { description: 'Who the alert is sent to; none: no alert is sent' }),
});

export const CatalogCategory = Type.Object({
  code: Type.String(),
  name: Type.String(),
  ownerEmails: Type.Array(Type.String()),
  frequencyTypes: Type.Array(CodeName),
});

export const ReportAlertFields = {
  categoryCode: Type.String({ maxLength: 100 }),
  frequencyTypeCode: Type.String({ maxLength: 20 }),
  frequencyDay: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  frequencyNumber: Type.Optional(Nullable(Type.Integer({ minimum: -10, maximum: 10 }))),
};

export const ReportMonitorId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

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
