import { readFile } from 'node:fs/promises';
import { batchJoinText } from '@portal/domain/forms/form-batch';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Session, signIn } from './support/browser.js';

// The operational forms in Chromium (issue 14): the operations persona files a customer invoice
// request and an outcome chargeback of two disputes, sees the batch each will join, edits one,
// deletes one after confirming, and downloads a past batch file from the Batches view.

const todayUtc = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function fillDispute(row: Locator, values: Record<string, string>) {
  await row.getByLabel('Dispute Reason').selectOption(values.reason as string);
  await row.getByLabel('Transaction Date').fill(daysAgo(5));
  await row.getByLabel('Last Four Card Digits').fill(values.lastFour as string);
  await row.getByLabel('Dispute Amount').fill(values.amount as string);
  await row.getByLabel('Transaction Amount').fill(values.amount as string);
  await row.getByLabel('Issuer Claim ID').fill(`IC-${values.lastFour}`);
  await row.getByLabel('Issuer Claim Transaction ID').fill(`ICT-${values.lastFour}`);
  await row.getByLabel('Merchant ID').fill('MERCH-E2E');
  await row.getByLabel('Acquirer Reference ID').fill(`ARN-${values.lastFour}`);
}

/** The batch line of the form: the text the shared rule gives now (polled across a minute change). */
async function expectBatchNote(page: Page, kind: 'invoices' | 'disputes') {
  await expect.poll(() => page.getByTestId('batch-note').textContent()).toBe(batchJoinText(kind, new Date()));
}

describe('operational forms in Chromium', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(async () => session?.close());

  it('files, edits and deletes entries, showing their batch, and downloads a past batch file', async () => {
    const { page } = session;
    await signIn(page, 'E100002');
    await page.goto('/forms');
    await page.getByRole('heading', { name: 'Operational Forms', level: 1 }).waitFor();
    await page.getByText(/Processed at 8:00 PM ET each business day/).waitFor();

    // A customer invoice request.
    await page.getByRole('link', { name: 'Customer Invoice Requests' }).click();
    await page.getByRole('heading', { name: 'Customer Invoices', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Add' }).click();
    await page.getByRole('heading', { name: 'New Customer Invoice Request', level: 1 }).waitFor();
    await page.getByLabel('Account Number').fill('1234');
    await page.getByLabel('Start Date').fill(daysAgo(30));
    await page.getByLabel('End Date').fill(todayUtc());
    await expectBatchNote(page, 'invoices');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Account number must be 16 digits.').waitFor();
    await page.getByLabel('Account Number').fill('4111222233338642');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/forms/customer-invoice');
    const row = page.getByRole('row').filter({ hasText: '•••• •••• •••• 8642' });
    await row.waitFor();
    await row.getByText('Pending').waitFor();

    // Edit it: the field shows the number as the API sends it, redacted to its last four.
    await row.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit Customer Invoice Request', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Account Number').inputValue()).toBe('************8642');
    await expectBatchNote(page, 'invoices');
    await page.getByLabel('Account Number').fill('4111222233339753');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/forms/customer-invoice');
    await page.getByRole('row').filter({ hasText: '•••• •••• •••• 9753' }).waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: '•••• •••• •••• 8642' }).count()).toBe(0);

    // An outcome chargeback of two disputes; the claim fields come and go with the message type.
    await page.goto('/forms');
    await page.getByRole('link', { name: 'BJS Disputes' }).click();
    await page.getByRole('heading', { name: 'BJS Disputes', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Add' }).click();
    // The list's own Message Type filter stays on screen until the new page has rendered.
    await page.getByRole('heading', { name: 'New Dispute', level: 1 }).waitFor();
    await page.getByLabel('Message Type').selectOption('outcome-chargeback');
    await expect.poll(() => page.getByLabel('Acquirer Claim ID').count()).toBe(1);
    await page.getByLabel('Message Type').selectOption('claim-request');
    await expect.poll(() => page.getByLabel('Acquirer Claim ID').count()).toBe(0);
    await page.getByLabel('Message Type').selectOption('outcome-chargeback');
    await page.getByLabel('Customer ID').fill('777001');
    await page.getByLabel('Message Date').fill(daysAgo(1));
    const first = page.getByTestId('dispute-row-0');
    await fillDispute(first, { reason: 'late presentment', lastFour: '1111', amount: '125.50' });
    await first.getByLabel('Acquirer Claim ID').fill('AC-1111');
    await first.getByLabel('Chargeback Reference ID').fill('CB-1111');
    await page.getByRole('button', { name: 'Add another dispute' }).click();
    const second = page.getByTestId('dispute-row-1');
    await fillDispute(second, { reason: 'chip liability shift', lastFour: '2222', amount: '74.50' });
    await second.getByLabel('Acquirer Claim ID').fill('AC-2222');
    await page.getByRole('button', { name: 'Save' }).click();
    // One missing field in the second dispute: nothing is sent until it is filled.
    await second.getByText('This field is required.').waitFor();
    await second.getByLabel('Chargeback Reference ID').fill('CB-2222');
    await page.getByText('2 disputes, $200.00 disputed').waitFor();
    await expectBatchNote(page, 'disputes');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/forms/bjs-disputes');
    const ours = page.getByRole('row').filter({ hasText: '777001' });
    await expect.poll(() => ours.count()).toBe(2);
    await page.getByRole('row').filter({ hasText: '$125.50' }).filter({ hasText: '777001' }).waitFor();

    // Delete one, after confirming.
    await page.getByRole('button', { name: 'Delete dispute of customer 777001, card ending 2222' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete dispute' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => ours.count()).toBe(1);
    await expect.poll(() => page.getByRole('row').filter({ hasText: '•••• 2222' }).count()).toBe(0);

    // The history lists what past batches took.
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('table', { name: 'Processed disputes' }).waitFor();
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'Processed' }).count())
      .toBeGreaterThan(0);

    // A past batch file, downloaded from the Batches view.
    await page.goto('/forms/batches');
    await page.getByRole('heading', { name: 'Batches', level: 1 }).waitFor();
    const batch = page.locator('[data-testid^="batch-disputes-"]').first();
    const date = ((await batch.getAttribute('data-testid')) as string).replace('batch-disputes-', '');
    const downloadEvent = page.waitForEvent('download', { timeout: 60_000 });
    await batch.getByRole('link', { name: /Download/ }).click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe(`disputes-batch-${date}.csv`);
    const lines = (await readFile((await download.path()) as string, 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^record_id,batch_date,retailer,message_type/);
    expect(lines.at(-1)).toMatch(new RegExp(`^TRAILER,${date},${lines.length - 2},\\d+,[0-9a-f]{64}$`));
  });
});
