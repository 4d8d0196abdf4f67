// The date picker's styles travel with it, not in the first load of every page.
import '@mantine/dates/styles.css';
import { Checkbox, Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';

export type DateFilter = { date: string | null; rangeEnd: string | null; range: boolean };

/** The query of a filter: nothing (latest reports), one date, or a range with start and end swapped if needed (SPEC.md §5). */
export function dateQuery(filter: DateFilter): string {
  if (!filter.date) return '';
  if (!filter.range || !filter.rangeEnd) return `?startDate=${filter.date}&endDate=${filter.date}`;
  const [start, end] =
    filter.date <= filter.rangeEnd ? [filter.date, filter.rangeEnd] : [filter.rangeEnd, filter.date];
  return `?startDate=${start}&endDate=${end}`;
}

type ReportDateFilterProps = {
  reportDates: readonly string[];
  value: DateFilter;
  onChange: (value: DateFilter) => void;
};

/** SPEC.md §2: a date picker offering only dates that have reports, and a date-range checkbox. */
export function ReportDateFilter({ reportDates, value, onChange }: ReportDateFilterProps) {
  const available = new Set(reportDates);
  const excludeDate = (date: string) => !available.has(date.slice(0, 10));
  const latest = reportDates[0];
  return (
    <Group align="flex-end">
      <DatePickerInput
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
      <Checkbox
        label="Search a date range"
        checked={value.range}
        onChange={(event) => onChange({ ...value, range: event.currentTarget.checked })}
        mb={8}
      />
    </Group>
  );
}
