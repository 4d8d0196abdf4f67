// The date pickers and their styles load on first use, not with the page (ReportDateFilter.tsx).
import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { useEffect, useRef } from 'react';
import type { DateFilter } from './date-filter.js';

export type PickerName = 'date' | 'rangeEnd';

type ReportDatePickersProps = {
  reportDates: readonly string[];
  value: DateFilter;
  onChange: (value: DateFilter) => void;
  /** The picker the person reached before these loaded: focused, and opened if they clicked it. */
  reached: { picker: PickerName; open: boolean } | null;
};

/** SPEC.md §2: date pickers offering only dates that have reports (start and end for a range). */
export default function ReportDatePickers({ reportDates, value, onChange, reached }: ReportDatePickersProps) {
  const available = new Set(reportDates);
  const excludeDate = (date: string) => !available.has(date.slice(0, 10));
  const latest = reportDates[0];
  const start = useRef<HTMLButtonElement>(null);
  const end = useRef<HTMLButtonElement>(null);

  // Once, on arrival: the placeholder the person used is gone, so they carry on in the picker.
  const arrival = useRef(reached);
  useEffect(() => {
    const target = arrival.current;
    if (!target) return;
    const input = (target.picker === 'date' ? start : end).current;
    input?.focus();
    if (target.open) input?.click();
  }, []);

  return (
    <>
      <DatePickerInput
        ref={start}
        label={value.range ? 'Start Date' : 'Report Date'}
        placeholder="Latest reports"
        valueFormat="MM/DD/YYYY"
        value={value.date}
        onChange={(date) => onChange({ ...value, date })}
        excludeDate={excludeDate}
        defaultDate={latest}
        clearable
        w={200}
        data-testid="report-date"
      />
      {value.range && (
        <DatePickerInput
          ref={end}
          label="End Date"
          valueFormat="MM/DD/YYYY"
          value={value.rangeEnd}
          onChange={(rangeEnd) => onChange({ ...value, rangeEnd })}
          excludeDate={excludeDate}
          defaultDate={latest}
          clearable
          w={200}
          data-testid="report-end-date"
        />
      )}
    </>
  );
}
