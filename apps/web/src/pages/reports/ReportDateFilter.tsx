import { Checkbox, Group, Input, InputBase } from '@mantine/core';
import { type ComponentType, useCallback, useState } from 'react';
import { type DateFilter, shownDate } from './date-filter.js';
import type { PickerName } from './ReportDatePickers.js';

type ReportDateFilterProps = {
  reportDates: readonly string[];
  value: DateFilter;
  onChange: (value: DateFilter) => void;
};

type Pickers = ComponentType<
  ReportDateFilterProps & { reached: { picker: PickerName; open: boolean } | null }
>;

const loadPickers = () => import('./ReportDatePickers.js').then((module) => module.default as Pickers);

/**
 * SPEC.md §2: a date picker offering only dates that have reports, and a date-range checkbox. The
 * calendar (Mantine's dates and its styles, about a tenth of the page) loads when a person first
 * points at, focuses or clicks a date field: until then each field is a button that looks the same,
 * so the list shows sooner on a phone (issue 24).
 */
export function ReportDateFilter(props: ReportDateFilterProps) {
  const { value, onChange } = props;
  const [Pickers, setPickers] = useState<Pickers | null>(null);
  const [reached, setReached] = useState<{ picker: PickerName; open: boolean } | null>(null);

  const load = useCallback(() => {
    void loadPickers().then((component) => setPickers(() => component));
  }, []);
  const reach = (picker: PickerName, open: boolean) => {
    setReached((current) => (current?.open ? current : { picker, open }));
    load();
  };
  const placeholder = (picker: PickerName, label: string, chosen: string | null, testId: string) => (
    <InputBase
      component="button"
      type="button"
      label={label}
      w={200}
      pointer
      data-testid={testId}
      onPointerEnter={load}
      onFocus={() => reach(picker, false)}
      onClick={() => reach(picker, true)}
    >
      {chosen ? (
        shownDate(chosen)
      ) : (
        <Input.Placeholder>{picker === 'date' ? 'Latest reports' : ''}</Input.Placeholder>
      )}
    </InputBase>
  );

  return (
    <Group align="flex-end">
      {Pickers ? (
        <Pickers {...props} reached={reached} />
      ) : (
        <>
          {placeholder('date', value.range ? 'Start Date' : 'Report Date', value.date, 'report-date')}
          {value.range && placeholder('rangeEnd', 'End Date', value.rangeEnd, 'report-end-date')}
        </>
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
