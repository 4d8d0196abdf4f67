import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.js';
import type { DateFilter } from './date-filter.js';
import { ReportDateFilter } from './ReportDateFilter.js';

const DATES = ['2026-11-20', '2026-11-19', '2026-11-18'];

function Filter({ initial }: { initial: DateFilter }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ReportDateFilter reportDates={DATES} value={value} onChange={setValue} />
      <output data-testid="chosen">{JSON.stringify(value)}</output>
    </>
  );
}

const calendarOpen = () => document.querySelector('button[data-direction="previous"]') !== null;

describe('the report date filter', { timeout: 20_000 }, () => {
  it('shows its fields before the calendar has loaded, and opens the calendar on the first click', async () => {
    renderWithProviders(<Filter initial={{ date: null, rangeEnd: null, range: false }} />);
    const field = screen.getByTestId('report-date');
    expect(field.textContent).toBe('Latest reports');
    expect(screen.getByText('Report Date')).toBeTruthy();
    expect(calendarOpen()).toBe(false);
    fireEvent.click(field);
    await waitFor(() => expect(calendarOpen()).toBe(true));
    // Only dates with reports can be chosen.
    const day = (label: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);
    expect(day('17 November 2026')?.disabled).toBe(true);
    fireEvent.click(day('19 November 2026') as HTMLButtonElement);
    await waitFor(() => expect(screen.getByTestId('chosen').textContent).toContain('"date":"2026-11-19"'));
  });

  it('shows a chosen range as MM/DD/YYYY and keeps focus where it was when the calendar arrives', async () => {
    renderWithProviders(<Filter initial={{ date: '2026-11-18', rangeEnd: '2026-11-20', range: true }} />);
    expect(screen.getByTestId('report-date').textContent).toBe('11/18/2026');
    expect(screen.getByTestId('report-end-date').textContent).toBe('11/20/2026');
    expect(screen.getByText('Start Date')).toBeTruthy();
    fireEvent.focus(screen.getByTestId('report-end-date'));
    await waitFor(() => expect(document.activeElement?.getAttribute('data-testid')).toBe('report-end-date'));
    expect(calendarOpen()).toBe(false);
  });
});
