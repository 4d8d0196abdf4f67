import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Session, signIn } from './support/browser.js';

// Report delivery in Chromium (issue 4): an external partner user finds, previews and downloads
// reports through the human verification; an internal admin deletes one.

/** Names of the files in a zip (central directory), with their stored bytes inflated. */
function zipEntries(zip: Buffer): Map<string, Buffer> {
  let eocd = zip.length - 22;
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== 0x06054b50) eocd -= 1;
  const files = new Map<string, Buffer>();
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < zip.readUInt16LE(eocd + 10); i += 1) {
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    files.set(name, method === 0 ? Buffer.from(data) : inflateRawSync(data));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Picks a day in a Mantine date picker, stepping back through months as needed. */
async function pickDate(page: Page, inputTestId: string, isoDate: string) {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  await page.getByTestId(inputTestId).click();
  await page.locator('button[data-direction="previous"]').first().waitFor();
  const dayButton = page.locator(
    `button[aria-label="${day} ${MONTHS[month - 1]} ${year}"]:not([data-outside])`,
  );
  for (let step = 0; step < 6 && (await dayButton.count()) === 0; step += 1) {
    await page.locator('button[data-direction="previous"]').first().click();
  }
  await dayButton.click();
  // The dropdown closes with a transition: wait until it is gone, so the next picker's is the only one.
  await expect.poll(() => page.locator('button[data-direction="previous"]').count()).toBe(0);
}

describe('reports in Chromium', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(async () => session?.close());

  it('lets an external partner user preview and download three reports as one zip', async () => {
    const { page } = session;
    await signIn(page, 'partner@demo.portal');
    await page.goto('/partners');
    await page.getByTestId('partner-card-BJS').click();
    await page.waitForURL('**/partners/EXT/BJS/report-categories');
    await page.getByTestId('category-SETTLEMENT').getByRole('button', { name: 'View' }).click();
    await page.waitForURL('**/report-categories/SETTLEMENT/reports');
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();

    // Half of the demo's settlement workbooks have a second worksheet: find the newest that does,
    // and search the four dates from it.
    const api = (path: string) => page.request.get(path).then((reply) => reply.json());
    const dates: string[] = (await api('/api/reports/EXT/BJS/SETTLEMENT/dates')).reportDates;
    let first = -1;
    for (let i = 0; i + 3 < dates.length && first < 0; i += 1) {
      const day = await api(`/api/reports/EXT/BJS/SETTLEMENT?startDate=${dates[i]}`);
      const [report] = day.reports.DLY;
      if ((await api(`/api/reports/view/${report.id}`)).worksheets.length === 2) first = i;
    }
    expect(first).toBeGreaterThanOrEqual(0);
    const start = dates[first] as string;

    // A date, then a range back from it: four daily reports in the table.
    await pickDate(page, 'report-date', start);
    const twoSheets = page.getByTestId(`report-row-BJS_SETTLEMENT_${start.replaceAll('-', '')}.xlsx`);
    await twoSheets.waitFor();
    await page.getByLabel('Search a date range').check();
    await pickDate(page, 'report-end-date', dates[first + 3] as string);
    const rows = page.locator('[data-testid^="report-row-"]');
    await expect.poll(() => rows.count()).toBe(4);

    // Preview an xlsx: its two worksheets as tabs.
    await twoSheets.getByRole('button', { name: 'View' }).click();
    const preview = page.getByRole('dialog');
    await preview.getByRole('tab').first().waitFor();
    expect(await preview.getByRole('tab').allTextContents()).toEqual(['Summary', 'Detail']);
    await preview.getByRole('tab', { name: 'Detail' }).click();
    await expect.poll(() => preview.getByRole('cell').count()).toBeGreaterThan(3);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    // Three selected: the fourth checkbox is disabled.
    const checkboxes = page.getByRole('checkbox', { name: /^Select / });
    const names: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      await checkboxes.nth(i).check();
      names.push(((await checkboxes.nth(i).getAttribute('aria-label')) ?? '').replace(/^Select /, ''));
    }
    expect(await checkboxes.nth(3).isDisabled()).toBe(true);

    // Download: the invisible ALTCHA check runs first, then the zip arrives.
    const verification = page.waitForResponse((r) => r.url().endsWith('/api/validate-recaptcha'));
    const downloadEvent = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Download' }).click();
    expect(await (await verification).json()).toEqual({ success: true });
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe('BJS_SETTLEMENT_reports.zip');
    const zip = zipEntries(await readFile((await download.path()) as string));
    expect([...zip.keys()].sort()).toEqual([...names].sort());
    for (const content of zip.values()) expect(content.subarray(0, 2).toString()).toBe('PK');
  });

  it('lets an internal admin delete a report after the confirmation', async () => {
    const { page } = session;
    await page.context().clearCookies();
    await signIn(page, 'E100001');
    await page.goto('/partners/EXT/BJS/report-categories/TRANSACTIONS/reports');
    const row = page.locator('[data-testid^="report-row-"]').first();
    await row.waitFor();
    const testId = (await row.getAttribute('data-testid')) as string;
    const fileName = testId.replace('report-row-', '');
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete report' });
    await expect
      .poll(() => dialog.textContent())
      .toMatch(
        new RegExp(
          `Are you sure you want to delete ${fileName.replaceAll('.', '\\.')} \\(\\d{2}/\\d{2}/\\d{4}\\) \\([\\d.]+ [KM]?B\\)\\?`,
        ),
      );
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId(testId).waitFor({ state: 'detached' });
    const listing = await (await page.request.get('/api/reports/EXT/BJS/TRANSACTIONS')).json();
    const all = Object.values(listing.reports).flat() as { fileName: string }[];
    expect(all.some((r) => r.fileName === fileName)).toBe(false);
  });
});
