import { MESSAGES } from '@portal/domain';
import { invalidOwnerEmail } from '@portal/domain/admin/admin-report-category';
import type { AdminReportCategory } from '@portal/domain/api/report-categories';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.js';
import { ReportCategoryForm } from './ReportCategoryForm.js';

// WCAG 3.3.1 and 4.1.2: an error of the category form is tied to the fields it is about
// (aria-describedby, aria-invalid) and announced as it appears (role="alert"), including the errors
// of the groups (owner emails, frequency types) whose wrapper Mantine does not tie to its controls.

function renderForm() {
  const fetchMock = vi.fn(async () =>
    jsonResponse<AdminReportCategory>(201, {
      code: 'FEES',
      name: 'Fees',
      externalLink: null,
      ownerEmails: [],
      frequencyTypes: [],
      partners: [],
      sharedOutsideScope: false,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(
    <ReportCategoryForm
      mode="create"
      initial={{
        code: 'FEES',
        name: 'Fees',
        frequencyTypes: [],
        hasExternalLink: false,
        externalLink: '',
        ownerEmails: ['owner@example.com', 'not-an-address'],
        partners: [],
      }}
      frequencyTypes={[
        { code: 'DLY', name: 'Daily' },
        { code: 'WLY', name: 'Weekly' },
      ]}
      accessTypes={[{ code: 'EXT', name: 'External' }]}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return { fetchMock };
}

/** The texts of the elements an element's aria-describedby names. */
function descriptions(element: HTMLElement): string[] {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(no element #${id})`);
}

describe('the report category form, with errors', () => {
  it('ties the owner email error to the owner email inputs, marks the bad one and announces it', () => {
    const { fetchMock } = renderForm();
    const message = invalidOwnerEmail('not-an-address');
    const error = screen.getByText(message);
    expect(error.getAttribute('role')).toBe('alert');

    const bad = screen.getByRole('textbox', { name: 'Owner email 2' });
    expect(descriptions(bad)).toContain(message);
    expect(bad.getAttribute('aria-invalid')).toBe('true');
    const good = screen.getByRole('textbox', { name: 'Owner email 1' });
    expect(descriptions(good)).toContain(message);
    expect(good.getAttribute('aria-invalid')).toBeNull();
    // The inputs form a group named by the wrapper's label.
    expect(screen.getByRole('group', { name: 'Owner Emails' }).contains(bad)).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('describes the owner email inputs by their description only while there is no error', () => {
    renderForm();
    const bad = screen.getByRole('textbox', { name: 'Owner email 2' });
    fireEvent.change(bad, { target: { value: 'second@example.com' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Daily' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(descriptions(screen.getByRole('textbox', { name: 'Owner email 2' }))).toEqual([
      'Who is told when a report is late.',
    ]);
    expect(screen.getByRole('textbox', { name: 'Owner email 2' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('ties the frequency types error to each checkbox and to the group', () => {
    renderForm();
    const error = screen.getByText(MESSAGES.atLeastOneOption);
    expect(error.getAttribute('role')).toBe('alert');
    for (const name of ['Daily', 'Weekly']) {
      const checkbox = screen.getByRole('checkbox', { name });
      expect(descriptions(checkbox)).toContain(MESSAGES.atLeastOneOption);
      expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    }
    expect(descriptions(screen.getByRole('group', { name: 'Frequency Types' }))).toContain(
      MESSAGES.atLeastOneOption,
    );
  });

  it('ties the category name error to its input', () => {
    renderForm();
    const name = screen.getByRole('textbox', { name: /Category Name/ });
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(descriptions(name)).toContain(MESSAGES.required);
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });
});
