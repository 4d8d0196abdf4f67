import { type FieldProblem, problems, requiredProblem } from '../common/field-problem.js';
import { MESSAGES } from '../common/messages.js';
import {
  BUSINESS_DAY,
  FREQUENCY_NUMBERS,
  MONITOR_FREQUENCY_TYPE_CODES,
  MONITOR_WEEKDAYS,
  type MonitorSchedule,
  type MonitorScheduleFields,
  toMonitorSchedule,
} from './report-monitor.js';

// SPEC.md §5 Report alert: a frequency type is required; weekly needs a day Monday to Friday;
// monthly needs an occurrence (First to Fourth, or Last) and a day (Monday to Friday or Business
// Day). The alert belongs to one of the partner's categories, in a frequency type the partner
// receives for that category.

export type ReportAlertInput = {
  categoryCode: string;
  frequencyTypeCode: string;
  frequencyDay?: string | null;
  frequencyNumber?: number | null;
};

export type ReportAlertField = keyof ReportAlertInput;

/** The partner's categories and the frequency types it receives in each. */
export type PartnerCategoryFrequencies = readonly {
  categoryCode: string;
  frequencyTypeCodes: readonly string[];
}[];

export const ALERT_FREQUENCY_TYPES_ONLY =
  'Alerts can be set for the Day, Week and Month frequency types only.';
export const ALERT_CATEGORY_NOT_ON_PARTNER = 'This report category is not selected for the partner.';
export const ALERT_FREQUENCY_NOT_ON_PARTNER =
  'This frequency type is not selected for the partner in this report category.';

const isOneOf = <T>(list: readonly T[], value: unknown): value is T =>
  (list as readonly unknown[]).includes(value);
const required = <F extends string>(field: F): FieldProblem<F> => ({ field, message: MESSAGES.required });

function scheduleProblems(input: ReportAlertInput): (FieldProblem<ReportAlertField> | null)[] {
  // A blank type is refused as required first (the first problem of a field is the one kept).
  const code = input.frequencyTypeCode.trim();
  if (!isOneOf(MONITOR_FREQUENCY_TYPE_CODES, code)) {
    return [{ field: 'frequencyTypeCode', message: ALERT_FREQUENCY_TYPES_ONLY }];
  }
  if (code === 'WLY' && !isOneOf(MONITOR_WEEKDAYS, input.frequencyDay)) return [required('frequencyDay')];
  if (code !== 'MLY') return [];
  return [
    isOneOf(FREQUENCY_NUMBERS, input.frequencyNumber) ? null : required('frequencyNumber'),
    isOneOf(MONITOR_WEEKDAYS, input.frequencyDay) || input.frequencyDay === BUSINESS_DAY
      ? null
      : required('frequencyDay'),
  ];
}

function partnerProblems(
  input: ReportAlertInput,
  partner: PartnerCategoryFrequencies | undefined,
): FieldProblem<ReportAlertField> | null {
  if (!partner) return null;
  const category = partner.find(
    (c) => c.categoryCode.toLowerCase() === input.categoryCode.trim().toLowerCase(),
  );
  if (!category) return { field: 'categoryCode', message: ALERT_CATEGORY_NOT_ON_PARTNER };
  return category.frequencyTypeCodes.includes(input.frequencyTypeCode.trim())
    ? null
    : { field: 'frequencyTypeCode', message: ALERT_FREQUENCY_NOT_ON_PARTNER };
}

/** The problems of an alert; with `partner`, also whether the partner receives that category and frequency. */
export function reportAlertProblems(
  input: ReportAlertInput,
  partner?: PartnerCategoryFrequencies,
): FieldProblem<ReportAlertField>[] {
  return problems<ReportAlertField>(
    requiredProblem('categoryCode', input.categoryCode),
    requiredProblem('frequencyTypeCode', input.frequencyTypeCode),
    ...scheduleProblems(input),
    partnerProblems(input, partner),
  );
}

/**
 * The schedule of a valid alert, dropping what its frequency type does not use (a daily alert
 * keeps no day, a weekly one no occurrence). Undefined when the alert has problems.
 */
export function reportAlertSchedule(input: ReportAlertInput): MonitorSchedule | undefined {
  const frequencyTypeCode = input.frequencyTypeCode.trim();
  const fields: MonitorScheduleFields = {
    frequencyTypeCode,
    frequencyDay: frequencyTypeCode === 'DLY' ? null : (input.frequencyDay ?? null),
    frequencyNumber: frequencyTypeCode === 'MLY' ? (input.frequencyNumber ?? null) : null,
  };
  return toMonitorSchedule(fields);
}
