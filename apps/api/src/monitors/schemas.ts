import { Type } from 'typebox';
import { Nullable } from '../lib/http/list-query.js';
import { SerialId } from '../lib/http/route-params.js';

// The request shapes of a report alert (SPEC.md §3 Report monitor), by its own routes and in a
// partner's save.

export const ReportAlertFields = {
  categoryCode: Type.String({ maxLength: 100 }),
  frequencyTypeCode: Type.String({ maxLength: 20 }),
  frequencyDay: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  frequencyNumber: Type.Optional(Nullable(Type.Integer({ minimum: -10, maximum: 10 }))),
};

export const ReportMonitorId = SerialId;
