import { sampleDispute, sampleDisputeShared } from '@portal/testing/forms';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Session, signIn } from './support/browser.js';
import { landReports } from './support/reports.js';

// Focus after a confirm dialog (WCAG 2.4.3 Focus Order): once a confirmed Delete has removed the row
// and its button, focus goes to the list's heading, and after Cancel back to the button that opened
// the dialog; never to the body, where a keyboard or screen-reader user would start over from the
// top of the page. One case per kind of confirm dialog: the hook of the lists that read their whole
// list (FAQs, invoice requests, disputes, reports) and the dialog of the server-paged admin lists
// (frequency types), on a desktop table and on a phone's cards. Each case deletes rows it made.

const suffix = Date.now().toString(36).toUpperCase();
const epoch = (daysAgo: number) => Math.floor((Date.now() - daysAgo * 86_400_000) / 86_400_000) * 86_400;

/** What has focus: 'body', or its tag and accessible name (aria-label, else its text). */
function focusOf(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return 'body';
    const name = el.getAttribute('aria-label') ?? el.textContent ?? '';
    return `${el.tagName.toLowerCase()}: ${name.replace(/\s+/g, ' ').trim()}`;
  });
}

/** A write of the API as the signed-in user, as the SPA sends it. */
async function write(page: Page, method: string, path: string, data: unknown): Promise<unknown> {
  const reply = await page.request.fetch(path, {
    method,
    data,
    headers: { 'X-Requested-With': 'portal' },
  });
  expect(reply.status(), `${method} ${path}: ${await reply.text()}`).toBeLessThan(300);
  return reply.json();
}

/**
 * Opens the confirm dialog with the keyboard from `opener` (focused, then Enter), confirms or
 * cancels it, and waits until the dialog is gone.
 */
async function answerDialog(
  page: Page,
  opener: Locator,
  dialogName: string,
  answer: 'Delete' | 'Cancel',
): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: answer, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Polls where focus settles after the dialog: `expected`, and never the body. */
async function expectFocus(page: Page, expected: string): Promise<void> {
  await expect.poll(() => focusOf(page), { timeout: 5_000 }).toBe(expected);
  expect(await focusOf(page)).not.toBe('body');
}

describe('focus after a confirm dialog', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser({ width: 1366, height: 900 });
    await signIn(session.page, 'E100001');
  });
  afterAll(async () => session?.close());

  it.each([
    ['a desktop table', 1366],
    ['a phone’s cards', 390],
  ])('FAQs on %s: back to Delete after Cancel, to the heading after Delete', async (_, width) => {
    const { page } = session;
    await page.setViewportSize({ width, height: 900 });
    const question = `Where does focus go ${suffix} at ${width}?`;
    await write(page, 'POST', '/api/faqs', { question, answer: 'To a sensible place.' });
    await page.goto('/admin/faqs');
    await page.getByRole('heading', { name: 'Manage FAQs', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Filter by Question' }).fill(question);
    const deleteButton = page.getByRole('button', { name: `Delete the FAQ ${question}` });

    await answerDialog(page, deleteButton, 'Delete FAQ', 'Cancel');
    await expectFocus(page, `button: Delete the FAQ ${question}`);

    await answerDialog(page, deleteButton, 'Delete FAQ', 'Delete');
    await deleteButton.waitFor({ state: 'detached' });
    await expectFocus(page, 'h1: Manage FAQs');
  });

  it('frequency types (the server-paged lists’ dialog): to the heading after Delete', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1366, height: 900 });
    const code = `FR${suffix}`;
    await write(page, 'POST', '/api/frequency-types', { code, name: `Focus ${suffix}` });
    await page.goto('/admin/frequency-types');
    await page.getByRole('heading', { name: 'Manage Frequency Types', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Filter by Code' }).fill(code);
    const deleteButton = page.getByRole('button', { name: `Delete ${code}` });

    await answerDialog(page, deleteButton, 'Delete frequency type', 'Cancel');
    await expectFocus(page, `button: Delete ${code}`);

    await answerDialog(page, deleteButton, 'Delete frequency type', 'Delete');
    await deleteButton.waitFor({ state: 'detached' });
    await expectFocus(page, 'h1: Manage Frequency Types');
  });

  it('customer invoice requests: to the heading after Delete', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1366, height: 900 });
    const request = (await write(page, 'POST', '/api/form/user-invoices', {
      accountNumber: '4111222233331357',
      startDate: epoch(20),
      endDate: epoch(1),
    })) as { recordId: number };
    await page.goto('/forms/customer-invoice');
    await page.getByRole('heading', { name: 'Customer Invoices', level: 1 }).waitFor();
    const row = page.getByTestId(`invoice-${request.recordId}`);
    await answerDialog(
      page,
      row.getByRole('button', { name: /^Delete/ }),
      'Delete invoice request',
      'Delete',
    );
    await row.waitFor({ state: 'detached' });
    await expectFocus(page, 'h1: Customer Invoices');
  });

  it('retailer disputes on a phone: to the heading after Delete', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    const settings = await (await page.request.get('/api/form/settings')).json();
    const retailer = settings.retailer as string;
    const { acquirerClaimId: _claim, chargebackReferenceId: _chargeback, ...claimRequest } = sampleDispute;
    const [dispute] = (await write(page, 'POST', '/api/form/disputes', {
      ...sampleDisputeShared,
      messageType: 'claim-request',
      customerId: String(Date.now()),
      messageDate: epoch(1),
      disputes: [
        {
          ...claimRequest,
          transactionDate: epoch(5),
          lastFourCardNum: '2468',
          transactionAmount: 20,
          issuerClaimId: 'IC-FOCUS',
          issuerClaimTransactionId: 'ICT-FOCUS',
          merchantId: 'MERCH-FOCUS',
          acquirerRefId: 'ARN-FOCUS',
        },
      ],
    })) as { recordId: number }[];
    await page.goto(`/forms/${retailer}-disputes`);
    const heading = `${retailer.toUpperCase()} Disputes`;
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    const card = page.getByTestId(`dispute-${dispute?.recordId}`);
    await answerDialog(page, card.getByRole('button', { name: /^Delete/ }), 'Delete dispute', 'Delete');
    await card.waitFor({ state: 'detached' });
    await expectFocus(page, `h1: ${heading}`);
  });

  it('reports: to the heading after Delete', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1366, height: 900 });
    const fileName = `focus-return-${suffix}.csv`;
    await landReports('TRANSACTIONS', [fileName]);
    await page.goto('/partners/EXT/BJS/report-categories/TRANSACTIONS/reports');
    const row = page.getByTestId(`report-row-${fileName}`);
    await answerDialog(page, row.getByRole('button', { name: 'Delete' }), 'Delete report', 'Delete');
    await row.waitFor({ state: 'detached' });
    await expectFocus(page, 'h1: Reports');
  });
});
