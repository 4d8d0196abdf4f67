import { Button } from '@mantine/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setViewportWidth } from '../test/render.js';
import { type ListColumn, ResponsiveTable } from './ResponsiveTable.js';

type Fruit = { id: number; name: string; colour: string; note: string };
const FRUITS: Fruit[] = [
  { id: 1, name: 'Apple', colour: 'Red', note: '' },
  { id: 2, name: 'Banana', colour: 'Yellow', note: 'Ripe' },
];

/** A list with a filter on Name, sorting by Name, and Edit and Delete per row. */
function Fruits({ onDelete, onSort }: { onDelete: (fruit: Fruit) => void; onSort: (key: string) => void }) {
  const [filter, setFilter] = useState('');
  const [colour, setColour] = useState('');
  const colours = ['Red', 'Yellow'].map((c) => ({ value: c, label: c }));
  const columns: ListColumn<Fruit>[] = [
    { label: 'Name', sortKey: 'name', render: (f) => f.name, filter: { value: filter, onChange: setFilter } },
    {
      label: 'Colour',
      render: (f) => f.colour,
      filter: { value: colour, onChange: setColour, options: colours },
    },
    { label: 'Note', render: (f) => f.note },
  ];
  return (
    <ResponsiveTable
      label="Fruits"
      rows={FRUITS.filter((f) => f.name.includes(filter) && (colour === '' || f.colour === colour))}
      columns={columns}
      rowKey={(f) => f.id}
      rowTestId={(f) => `fruit-${f.id}`}
      sort={{ key: 'name', descending: false, onSort }}
      actions={(f) => (
        <>
          <Button size="xs">Edit {f.name}</Button>
          <Button size="xs" onClick={() => onDelete(f)}>
            Delete {f.name}
          </Button>
        </>
      )}
    />
  );
}

function renderFruits(width: number) {
  setViewportWidth(width);
  const onDelete = vi.fn();
  const onSort = vi.fn();
  renderWithProviders(<Fruits onDelete={onDelete} onSort={onSort} />);
  return { onDelete, onSort };
}

describe('ResponsiveTable', () => {
  it('filters a column of fixed options with the browser’s own select, All clearing it', () => {
    renderFruits(1280);
    const select = screen.getByRole('combobox', { name: 'Filter by Colour' });
    expect(select.tagName).toBe('SELECT');
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual(['All', 'Red', 'Yellow']);
    fireEvent.change(select, { target: { value: 'Yellow' } });
    expect(screen.queryByTestId('fruit-1')).toBeNull();
    expect(screen.getByTestId('fruit-2')).toBeTruthy();
    fireEvent.change(select, { target: { value: '' } });
    expect(screen.getByTestId('fruit-1')).toBeTruthy();
  });

  it('is a named table in a named scroll region from 768 px up, with each row’s actions', () => {
    const { onDelete } = renderFruits(1280);
    const table = screen.getByRole('table', { name: 'Fruits' });
    expect(screen.getByRole('region', { name: 'Fruits' }).contains(table)).toBe(true);
    expect(screen.queryByRole('list', { name: 'Fruits' })).toBeNull();
    const banana = screen.getByTestId('fruit-2');
    expect(banana.tagName).toBe('TR');
    expect(within(banana).getByRole('button', { name: 'Edit Banana' })).toBeTruthy();
    fireEvent.click(within(banana).getByRole('button', { name: 'Delete Banana' }));
    expect(onDelete).toHaveBeenCalledWith(FRUITS[1]);
    // aria-sort on the header, the button names what it does.
    const sortButton = screen.getByRole('button', { name: 'Sort by Name' });
    expect(sortButton.closest('th')?.getAttribute('aria-sort')).toBe('ascending');
  });

  it('is one card per row under 768 px, each with its columns as label and value and its actions', () => {
    const { onDelete } = renderFruits(390);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Fruits' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('data-testid'))).toEqual(['fruit-1', 'fruit-2']);
    const banana = cards[1] as HTMLElement;
    const terms = within(banana)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(banana)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['Name', 'Colour', 'Note']);
    expect(values).toEqual(['Banana', 'Yellow', 'Ripe']);
    // A blank value is left out of the card.
    expect(
      within(cards[0] as HTMLElement)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Name', 'Colour']);
    expect(within(banana).getByRole('button', { name: 'Edit Banana' })).toBeTruthy();
    fireEvent.click(within(banana).getByRole('button', { name: 'Delete Banana' }));
    expect(onDelete).toHaveBeenCalledWith(FRUITS[1]);
  });

  it('puts the filters and the sort above the cards on a phone, with visible labels', () => {
    const { onSort } = renderFruits(390);
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter by Name' }), { target: { value: 'Ban' } });
    expect(screen.getAllByRole('listitem').map((card) => card.getAttribute('data-testid'))).toEqual([
      'fruit-2',
    ]);
    expect(screen.getByText('Filter by Name').tagName).toBe('LABEL');
    // Reversing the order asks for the current key again (the list reverses it).
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: 'descending' } });
    expect(onSort).toHaveBeenCalledWith('name');
  });

  it('shows a caption as the table’s caption, and above the cards naming their list', () => {
    setViewportWidth(390);
    renderWithProviders(
      <ResponsiveTable
        label="Pending disputes"
        captioned
        rows={FRUITS}
        columns={[{ label: 'Name', render: (f) => f.name }]}
        rowKey={(f) => f.id}
      />,
    );
    expect(screen.getByRole('list', { name: 'Pending disputes' })).toBeTruthy();
    expect(screen.getByText('Pending disputes')).toBeTruthy();
  });
});
