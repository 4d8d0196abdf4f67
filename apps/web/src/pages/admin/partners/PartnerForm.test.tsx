import type { Message } from '@portal/domain/api/common';
import type { PartnerDetailReply, SavedPartner } from '@portal/domain/api/partners';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderWithProviders, signedIn } from '../../../test/render.js';
import EditPartnerPage from '../EditPartnerPage.js';

const detail: PartnerDetailReply = {
  partner: {
    type: 'EXT',
    code: 'BJS',
    name: "BJ's",
    categories: [
      { code: 'CHARGEBACKS', name: 'Chargebacks', frequencyTypes: [{ code: 'WLY', name: 'Week' }] },
    ],
  },
  monitors: [
    {
      reportMonitorId: 7,
      accessTypeCode: 'EXT',
      partnerCode: 'BJS',
      partnerName: "BJ's",
      categoryCode: 'CHARGEBACKS',
      categoryName: 'Chargebacks',
      frequencyTypeCode: 'WLY',
      frequencyDay: 'MONDAY',
      frequencyNumber: null,
      ownerEmails: [],
    },
  ],
  categories: [
    {
      code: 'CHARGEBACKS',
      name: 'Chargebacks',
      ownerEmails: [],
      frequencyTypes: [{ code: 'WLY', name: 'Week' }],
    },
    {
      code: 'STATEMENTS',
      name: 'Statements',
      ownerEmails: ['st@x.example'],
      frequencyTypes: [{ code: 'MLY', name: 'Month' }],
    },
  ],
  accessTypes: [{ code: 'EXT', name: 'External' }],
  frequencyTypes: [],
};

let saves: unknown[];
function stub(saveAnswer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: RequestInit) => {
      if ((init.method ?? 'GET') === 'GET') return jsonResponse<PartnerDetailReply>(200, detail);
      saves.push(JSON.parse(String(init.body)));
      return saveAnswer();
    }),
  );
  renderWithProviders(<EditPartnerPage />, {
    auth: signedIn(makeUser({ isInternalAdmin: true, isExternalUser: false })),
    page: 'adminPartnerEdit',
    path: '/admin/partners/EXT/BJS/edit',
  });
}

beforeEach(() => {
  saves = [];
});

// Mantine's modals and selects are slow in jsdom on a busy machine.
describe('the partner form', { timeout: 20_000 }, () => {
  it('locks type and code, queues alert changes and sends them with the save', async () => {
    stub(() => jsonResponse<SavedPartner>(200, { partner: detail.partner, monitors: [] }));
    const code = (await screen.findByRole('textbox', { name: /Partner Code/ })) as HTMLInputElement;
    expect(code.disabled).toBe(true);
    // Remove the saved alert; add Statements with a monthly alert.
    fireEvent.click(screen.getByRole('button', { name: 'Remove alert' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Statements' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Statements: Month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a report alert for Statements' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('st@x.example', { exact: false })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add alert' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    const choose = async (label: RegExp, option: string) => {
      fireEvent.click(within(dialog).getByRole('combobox', { name: label }));
      // jsdom cannot position Mantine's dropdown, which stays hidden; its options are there all the same.
      const found = () => screen.queryByRole('option', { name: option, hidden: true });
      await waitFor(() => expect(found()).not.toBeNull());
      fireEvent.click(found()!);
    };
    await choose(/Frequency Type/, 'Month');
    await choose(/Occurrence/, 'Last');
    await choose(/^Day/, 'Business Day');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add alert' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Month (Last Business Day)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/partners'));
    expect(saves).toEqual([
      {
        type: 'EXT',
        code: 'BJS',
        name: "BJ's",
        categories: [
          { code: 'CHARGEBACKS', frequencyTypes: [{ code: 'WLY' }] },
          { code: 'STATEMENTS', frequencyTypes: [{ code: 'MLY' }] },
        ],
        reportAlertChanges: {
          creates: [
            {
              categoryCode: 'STATEMENTS',
              frequencyTypeCode: 'MLY',
              frequencyDay: 'BUSINESS_DAY',
              frequencyNumber: -1,
            },
          ],
          updates: [],
          deletes: [7],
        },
      },
    ]);
  });

  it('keeps the queued changes and says which change failed when the save is refused', async () => {
    const message =
      'The deletion of report alert 7 failed: Report alert 7 was not found for this partner. Nothing was saved.';
    stub(() =>
      jsonResponse<Message & { failedChange: { kind: string; index: number; reportMonitorId: number } }>(
        409,
        { message, failedChange: { kind: 'delete', index: 0, reportMonitorId: 7 } },
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remove alert' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(saves).toEqual([
      {
        type: 'EXT',
        code: 'BJS',
        name: "BJ's",
        categories: [{ code: 'CHARGEBACKS', frequencyTypes: [{ code: 'WLY' }] }],
        reportAlertChanges: { creates: [], updates: [], deletes: [7] },
      },
    ]);
    expect(screen.getByText('1 alert(s) will be deleted when the partner is saved.')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/admin/partners/EXT/BJS/edit');
  });

  it("shows 'At least one option must be selected.' for a category without frequency types", async () => {
    stub(() => jsonResponse<SavedPartner>(200, { partner: detail.partner, monitors: [] }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Statements' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('At least one option must be selected.')).toBeTruthy());
    expect(saves).toEqual([]);
  });
});
