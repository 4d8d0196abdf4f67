import { Select } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from './test/render.js';

function AccessType() {
  const [value, setValue] = useState<string | null>('EXT');
  return (
    <>
      <Select label="Access Type" required data={['EXT', 'INT']} value={value} onChange={setValue} />
      <output data-testid="chosen">{String(value)}</output>
    </>
  );
}

describe("the portal's theme", () => {
  it('keeps a select on its choice when the option already chosen is clicked again', async () => {
    renderWithProviders(<AccessType />);
    fireEvent.click(screen.getByRole('combobox', { name: 'Access Type' }));
    const chosen = await screen.findByRole('option', { name: 'EXT' });
    fireEvent.click(chosen);
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByTestId('chosen').textContent).toBe('EXT');
    expect((screen.getByRole('combobox', { name: 'Access Type' }) as HTMLInputElement).value).toBe('EXT');
  });
});
