import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

// jsdom lays nothing out, so Mantine's focus trap finds no focusable element in the opened calendar
// and says so with the whole element tree; only that message is kept out of the output.
const FOCUS_TRAP_IN_JSDOM = '[@mantine/hooks/use-focus-trap] Failed to find focusable element';
beforeEach(() => {
  for (const level of ['error', 'warn'] as const) {
    const original = console[level];
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).startsWith(FOCUS_TRAP_IN_JSDOM)) original(...args);
    });
  }
});
afterEach(() => vi.restoreAllMocks());

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
