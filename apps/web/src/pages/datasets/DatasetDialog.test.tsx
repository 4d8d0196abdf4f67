import type { Message } from '@portal/domain/api/common';
import type { DatasetObjectKey } from '@portal/domain/api/datasets';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render.js';
import { DatasetDialog } from './DatasetDialog.js';

// SPEC.md §4 Dataset validation dialog: idle, validating, then 'Dataset validated' or a failure;
// Add is enabled only after success.
function renderDialog(answer: () => Response, partnerCode = 'BJS') {
  const fetch = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetch);
  const onAdd = vi.fn();
  renderWithProviders(
    <DatasetDialog
      categoryCode="FEES"
      accessTypes={[{ code: 'EXT', name: 'External' }]}
      onAdd={onAdd}
      onClose={() => {}}
    />,
  );
  fireEvent.change(screen.getByRole('textbox', { name: 'Partner Code' }), { target: { value: partnerCode } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Catalog ID' }), { target: { value: 'cat-1' } });
  return { fetch, onAdd };
}
const addButton = () => screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;

describe('the dataset validation dialog', () => {
  it('enables Add only after the dataset is validated, and adds the partner', async () => {
    const { fetch, onAdd } = renderDialog(() =>
      jsonResponse<DatasetObjectKey>(200, { objectKey: '/Reports/EXT/BJS/FEES/', partner: null }),
    );
    expect(addButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Dataset validated')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/datasets/cat-1', expect.anything());
    expect(addButton().disabled).toBe(false);
    fireEvent.click(addButton());
    expect(onAdd).toHaveBeenCalledWith({ type: 'EXT', code: 'BJS', name: 'BJS' });
  });

  it('takes the partner code in any case, and adds the partner as the portal knows it, by name', async () => {
    const { onAdd } = renderDialog(
      () =>
        jsonResponse<DatasetObjectKey>(200, {
          objectKey: '/Reports/EXT/BJS/FEES/',
          partner: { accessTypeCode: 'EXT', partnerCode: 'BJS', partnerName: "BJ's Wholesale Club" },
        }),
      'bjs',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Dataset validated')).toBeTruthy();
    fireEvent.click(addButton());
    expect(onAdd).toHaveBeenCalledWith({ type: 'EXT', code: 'BJS', name: "BJ's Wholesale Club" });
  });

  it('says which object key was expected when the dataset is another folder', async () => {
    renderDialog(() =>
      jsonResponse<DatasetObjectKey>(200, { objectKey: '/Reports/EXT/SAM/FEES/', partner: null }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Invalid Object Key: expected /Reports/EXT/BJS/FEES/')).toBeTruthy();
    expect(addButton().disabled).toBe(true);
  });

  it("says 'Dataset not found' for an unknown catalog id, and goes back to idle when a field changes", async () => {
    renderDialog(() => jsonResponse<Message>(404, { message: 'Dataset not found' }));
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Dataset not found')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Catalog ID' }), { target: { value: 'cat-2' } });
    expect(screen.queryByText('Dataset not found')).toBeNull();
    expect(addButton().disabled).toBe(true);
  });
});
