import { Group, Select } from '@mantine/core';
import {
  FREQUENCY_DAY_LABELS,
  FREQUENCY_NUMBER_LABELS,
  FREQUENCY_NUMBERS,
  MONITOR_FREQUENCY_TYPE_CODES,
  MONITOR_WEEKDAYS,
  MONTHLY_FREQUENCY_DAYS,
} from '@portal/domain';
import type { CodeName } from '@portal/domain/api/common';
import type { ReportAlertInput } from '@portal/domain/monitors/admin-report-alert';

// The schedule of a report alert (SPEC.md §5, §9): frequency type, then a weekday (Monday to
// Friday) for weekly alerts, or an occurrence (First to Fourth, Last) and a day (Monday to Friday
// or Business Day) for monthly ones.

const weekdayOptions = MONITOR_WEEKDAYS.map((day) => ({ value: day, label: FREQUENCY_DAY_LABELS[day] }));
const monthlyDayOptions = MONTHLY_FREQUENCY_DAYS.map((day) => ({
  value: day,
  label: FREQUENCY_DAY_LABELS[day],
}));
const occurrenceOptions = FREQUENCY_NUMBERS.map((n) => ({
  value: String(n),
  label: FREQUENCY_NUMBER_LABELS[n],
}));

type ScheduleFieldsProps = {
  alert: ReportAlertInput;
  /** The frequency types to offer; only Day, Week and Month can carry alerts. */
  frequencyTypes: CodeName[];
  errors: Record<string, string>;
  onChange: (alert: ReportAlertInput) => void;
};

export function ScheduleFields({ alert, frequencyTypes, errors, onChange }: ScheduleFieldsProps) {
  const choices = frequencyTypes.filter((f) =>
    (MONITOR_FREQUENCY_TYPE_CODES as readonly string[]).includes(f.code),
  );
  return (
    <>
      <Select
        label="Frequency Type"
        required
        data={choices.map((f) => ({ value: f.code, label: f.name }))}
        value={alert.frequencyTypeCode || null}
        error={errors.frequencyTypeCode}
        onChange={(value) => onChange({ ...alert, frequencyTypeCode: value ?? '' })}
      />
      {alert.frequencyTypeCode === 'WLY' && (
        <Select
          label="Weekday"
          required
          data={weekdayOptions}
          value={alert.frequencyDay ?? null}
          error={errors.frequencyDay}
          onChange={(value) => onChange({ ...alert, frequencyDay: value })}
        />
      )}
      {alert.frequencyTypeCode === 'MLY' && (
        <Group grow>
          <Select
            label="Occurrence"
            required
            data={occurrenceOptions}
            value={alert.frequencyNumber == null ? null : String(alert.frequencyNumber)}
            error={errors.frequencyNumber}
            onChange={(value) =>
              onChange({ ...alert, frequencyNumber: value === null ? null : Number(value) })
            }
          />
          <Select
            label="Day"
            required
            data={monthlyDayOptions}
            value={alert.frequencyDay ?? null}
            error={errors.frequencyDay}
            onChange={(value) => onChange({ ...alert, frequencyDay: value })}
          />
        </Group>
      )}
    </>
  );
}

/** The alert as stored: only the fields its frequency type uses. */
export function cleanAlert(alert: ReportAlertInput): ReportAlertInput {
  return {
    categoryCode: alert.categoryCode,
    frequencyTypeCode: alert.frequencyTypeCode,
    frequencyDay: alert.frequencyTypeCode === 'DLY' ? null : (alert.frequencyDay ?? null),
    frequencyNumber: alert.frequencyTypeCode === 'MLY' ? (alert.frequencyNumber ?? null) : null,
  };
}
