import { Type } from 'typebox';
import { Code } from '../lib/http/route-params.js';
import { ReportAlertFields, ReportMonitorId } from '../monitors/schemas.js';

// The request shapes of partners (SPEC.md §3 Partner) with their queued report alert changes;
// their replies are defined in @portal/domain/api/partners.

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
