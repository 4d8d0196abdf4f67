import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setViewportWidth } from '../../test/render.js';
import { dateQuery } from './date-filter.js';
import { fileNameFromDisposition } from './download.js';
import { ReportsTable } from './ReportsTable.js';
import type { Report } from './reports-api.js';

const report = (id: number, fileName: string, day: number): Report => ({
  id,
  fileName,
  fileSize: `${id}.0 KB`,
  rawSize: id * 1024,
  reportDate: Date.UTC(2026, 10, day) / 1000,
  lastModified: Date.UTC(2026, 10, day, 20) / 1000,
  frequencyType: 'DLY',
});
const reports = [
  report(1, 'a.xlsx', 17),
  report(2, 'b.csv', 18),
  report(3, 'c.pdf', 19),
  report(4, 'd.xls', 20),
];

describe('ReportsTable', () => {
  it('shows dates as MM/dd/yyyy in UTC, newest first, View only for csv, xls and xlsx', () => {
    renderWithProviders(
      <ReportsTable reports={reports} selected={new Set()} onToggle={vi.fn()} onView={vi.fn()} />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('11/20/2026');
    expect(rows.map((row) => row.querySelector('td:nth-child(3)')?.textContent)).toEqual([
      'd.xls',
      'c.pdf',
      'b.csv',
      'a.xlsx',
    ]);
    expect(screen.getAllByRole('button', { name: 'View' })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('sorts by a column on click', () => {
    renderWithProviders(
      <ReportsTable reports={reports} selected={new Set()} onToggle={vi.fn()} onView={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sort by File Name' }));
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td:nth-child(3)')?.textContent);
    expect(names).toEqual(['a.xlsx', 'b.csv', 'c.pdf', 'd.xls']);
  });

  it('disables the other rows once three are selected', () => {
    renderWithProviders(
      <ReportsTable
        reports={reports}
        selected={new Set([1, 2, 3])}
        onToggle={vi.fn()}
        onView={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    expect((screen.getByLabelText('Select d.xls') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Select a.xlsx') as HTMLInputElement).disabled).toBe(false);
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(4);
  });
});

describe('ReportsTable on a phone', () => {
  it('is one card per report with its checkbox, View and Delete, and the sort above the cards', () => {
    setViewportWidth(390);
    const onView = vi.fn();
    renderWithProviders(
      <ReportsTable
        reports={reports}
        selected={new Set([1, 2, 3])}
        onToggle={vi.fn()}
        onView={onView}
        onDelete={vi.fn()}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('data-testid'))).toEqual([
      'report-row-d.xls',
      'report-row-c.pdf',
      'report-row-b.csv',
      'report-row-a.xlsx',
    ]);
    expect((screen.getByLabelText('Select d.xls') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(4);
    fireEvent.click(screen.getAllByRole('button', { name: 'View' })[0] as HTMLElement);
    expect(onView).toHaveBeenCalledWith(reports[3]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'fileName' } });
    expect(screen.getAllByRole('listitem').map((card) => card.getAttribute('data-testid'))).toEqual([
      'report-row-a.xlsx',
      'report-row-b.csv',
      'report-row-c.pdf',
      'report-row-d.xls',
    ]);
  });
});

describe('report download helpers', () => {
  it('reads the RFC 5987 file name first, then the plain one', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="Relev_.csv"; filename*=UTF-8''Relev%C3%A9.csv`, 'x'),
    ).toBe('Relevé.csv');
    expect(fileNameFromDisposition('attachment; filename="plain.zip"', 'x')).toBe('plain.zip');
    expect(fileNameFromDisposition(null, 'fallback')).toBe('fallback');
  });

  it('asks for one day, a range, or a range given backwards (swapped)', () => {
    expect(dateQuery({ date: null, rangeEnd: null, range: false })).toBe('');
    expect(dateQuery({ date: '2026-11-19', rangeEnd: '2026-11-01', range: false })).toBe(
      '?startDate=2026-11-19&endDate=2026-11-19',
    );
    expect(dateQuery({ date: '2026-11-19', rangeEnd: '2026-11-01', range: true })).toBe(
      '?startDate=2026-11-01&endDate=2026-11-19',
    );
  });
});
