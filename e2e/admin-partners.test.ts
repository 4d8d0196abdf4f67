import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Session, signIn } from './support/browser.js';

// An internal admin creates a partner with two categories and a weekly alert, edits it, filters
// and pages the partner list, and deletes the partner after the confirm dialog (issue 5).

const code = `E2E${Date.now().toString(36).toUpperCase()}`;

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('partner administration in Chromium', () => {
  let session: Session;
  const api = async (path: string) => {
    const reply = await session.page.request.get(`${session.baseUrl}${path}`);
    return { status: reply.status(), json: reply.status() === 200 ? await reply.json() : undefined };
  };
  const partner = () => api(`/api/admin/partners/${code}?accessTypeCode=EXT`);

  beforeAll(async () => {
    session = await openBrowser();
    await signIn(session.page, 'E100001');
  });
  afterAll(async () => session?.close());

  it('creates a partner with two categories and a weekly alert', async () => {
    const { page } = session;
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Manage Partners' }).click();
    await page.getByRole('heading', { name: 'Manage Partners', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Add' }).click();
    await page.getByRole('heading', { name: 'Add Partner', level: 1 }).waitFor();

    await page.getByRole('textbox', { name: 'Partner Code' }).fill(code);
    await page.getByRole('textbox', { name: 'Partner Name' }).fill('Browser Test Partner');
    await page.getByRole('checkbox', { name: 'Settlement', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Settlement: Day' }).check();
    await page.getByRole('checkbox', { name: 'Chargebacks', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Chargebacks: Week' }).check();

    await page.getByRole('button', { name: 'Add a report alert for Chargebacks' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report alert: Chargebacks' });
    await dialog.getByText('no alert will be sent', { exact: false }).waitFor();
    await choose(page, dialog, 'Frequency Type', 'Week');
    await choose(page, dialog, 'Weekday', 'Wednesday');
    await dialog.getByRole('button', { name: 'Add alert' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Report alerts' }).getByText('Week (every Wednesday)').waitFor();

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/partners');
    const saved = await partner();
    expect(saved.json.partner).toMatchObject({
      type: 'EXT',
      code,
      name: 'Browser Test Partner',
      categories: [
        { code: 'CHARGEBACKS', frequencyTypes: [{ code: 'WLY' }] },
        { code: 'SETTLEMENT', frequencyTypes: [{ code: 'DLY' }] },
      ],
    });
    expect(saved.json.monitors).toMatchObject([
      { categoryCode: 'CHARGEBACKS', frequencyTypeCode: 'WLY', frequencyDay: 'WEDNESDAY' },
    ]);
  });

  it('edits the partner with its type and code locked', async () => {
    const { page } = session;
    await page.getByRole('textbox', { name: 'Filter by Code' }).fill(code);
    await page.getByRole('link', { name: `Edit EXT/${code}` }).click();
    await page.getByRole('heading', { name: 'Edit Partner', level: 1 }).waitFor();
    const codeField = page.getByRole('textbox', { name: 'Partner Code' });
    expect(await codeField.inputValue()).toBe(code);
    expect(await codeField.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Partner Name' }).fill('Browser Test Partner, renamed');
    await page.getByRole('button', { name: 'Edit alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report alert: Chargebacks' });
    await choose(page, dialog, 'Weekday', 'Friday');
    await dialog.getByRole('button', { name: 'Update alert' }).click();
    await page.getByRole('table', { name: 'Report alerts' }).getByText('Week (every Friday)').waitFor();
    await page.getByRole('checkbox', { name: 'Settlement', exact: true }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/partners');

    const saved = await partner();
    expect(saved.json.partner.name).toBe('Browser Test Partner, renamed');
    expect(saved.json.partner.categories.map((c: { code: string }) => c.code)).toEqual(['CHARGEBACKS']);
    expect(saved.json.monitors).toMatchObject([{ frequencyDay: 'FRIDAY' }]);
  });

  it('filters and pages the partner list on the server', async () => {
    const { page } = session;
    const label = page.getByTestId('page-label');
    await page.getByRole('textbox', { name: 'Filter by Code' }).fill(code);
    // The server filters once the typing pauses: only the one partner stays.
    await expect.poll(() => page.getByRole('link', { name: /^Edit / }).count()).toBe(1);
    await page.getByRole('row').filter({ hasText: 'Browser Test Partner, renamed' }).waitFor();
    await expect.poll(() => label.textContent()).toBe('1 / 1');

    await page.getByRole('textbox', { name: 'Filter by Code' }).fill('');
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '5 / page', exact: true }).click();
    const { json } = await api('/api/admin/partners?pageSize=5');
    const pages = Math.ceil(json.total / 5);
    expect(pages).toBeGreaterThan(1);
    await expect.poll(() => label.textContent()).toBe(`1 / ${pages}`);
    const firstPage = await page.getByRole('row').allTextContents();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => label.textContent()).toBe(`2 / ${pages}`);
    await expect.poll(() => page.getByRole('row').allTextContents()).not.toEqual(firstPage);
    await page.getByRole('button', { name: 'First page' }).click();
    await expect.poll(() => label.textContent()).toBe(`1 / ${pages}`);
    await expect.poll(() => page.getByRole('row').allTextContents()).toEqual(firstPage);
    await page.getByRole('button', { name: 'Last page' }).click();
    await expect.poll(() => label.textContent()).toBe(`${pages} / ${pages}`);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => label.textContent()).toBe(`${pages - 1} / ${pages}`);
  });

  it('deletes the partner after the confirm dialog', async () => {
    const { page } = session;
    await page.getByRole('textbox', { name: 'Filter by Code' }).fill(code);
    await expect.poll(() => page.getByRole('button', { name: /^Delete / }).count()).toBe(1);
    await page.getByRole('button', { name: `Delete EXT/${code}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete partner' });
    await confirm.getByText(`(EXT/${code})`, { exact: false }).waitFor();
    expect((await partner()).status).toBe(200);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No results were found.').waitFor();
    expect((await partner()).status).toBe(404);
  });
});
