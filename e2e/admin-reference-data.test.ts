import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Session, signIn } from './support/browser.js';

// The other admin screens of issue 5 in Chromium: a report category with its partner added
// through the dataset validation dialog, a frequency type, an external user with the CSV, the
// report alerts across partners and the audit log.

const suffix = Date.now().toString(36).toUpperCase();

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

describe('reference data screens in Chromium', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser();
    await signIn(session.page, 'E100001');
  });
  afterAll(async () => session?.close());

  it('adds a report category whose partner passed the dataset validation dialog', async () => {
    const { page } = session;
    const code = `CAT${suffix}`;
    await page.goto('/admin/report-categories/new');
    await page.getByRole('heading', { name: 'Add Report Category', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Category Code' }).fill(code);
    await page.getByRole('textbox', { name: 'Category Name' }).fill(`Browser category ${suffix}`);
    await page.getByRole('checkbox', { name: 'Day' }).check();
    await page.getByRole('checkbox', { name: 'This report category is on another website' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText('External link is required if this report category is on another website.')
      .waitFor();
    await page.getByRole('checkbox', { name: 'This report category is on another website' }).uncheck();
    await page.getByRole('textbox', { name: 'Owner email 1' }).fill('owner@demo.portal');

    await page.getByRole('button', { name: 'Add Partner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Partner Dataset' });
    await dialog.getByRole('textbox', { name: 'Partner Code' }).fill('BJS');
    await dialog.getByRole('textbox', { name: 'Catalog ID' }).fill('cat-bjs-settlement');
    expect(await dialog.getByRole('button', { name: 'Add' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Validate' }).click();
    await dialog.getByText(`Invalid Object Key: expected /Reports/EXT/BJS/${code}/`).waitFor();
    expect(await dialog.getByRole('button', { name: 'Add' }).isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Catalog ID' }).fill('no-such-dataset');
    await dialog.getByRole('button', { name: 'Validate' }).click();
    await dialog.getByText('Dataset not found').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/report-categories');
    await page.getByRole('textbox', { name: 'Filter by Code' }).fill(code);
    await page.getByRole('cell', { name: 'owner@demo.portal' }).waitFor();
  });

  it('validates a dataset of an existing category and adds its partner', async () => {
    const { page } = session;
    await page.goto('/admin/report-categories/SETTLEMENT/edit');
    await page.getByRole('heading', { name: 'Edit Report Category', level: 1 }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Category Code' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Add Partner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Partner Dataset' });
    await dialog.getByRole('textbox', { name: 'Partner Code' }).fill('ULT');
    await dialog.getByRole('textbox', { name: 'Catalog ID' }).fill('cat-bjs-settlement');
    await dialog.getByRole('button', { name: 'Validate' }).click();
    await dialog.getByText('Invalid Object Key: expected /Reports/EXT/ULT/SETTLEMENT/').waitFor();
    await dialog.getByRole('textbox', { name: 'Partner Code' }).fill('BJS');
    await dialog.getByRole('button', { name: 'Validate' }).click();
    await dialog.getByText('Dataset validated').waitFor();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('adds a frequency type and refuses a duplicate', async () => {
    const { page } = session;
    await page.goto('/admin/frequency-types/new');
    await page.getByRole('textbox', { name: 'Frequency Type Code' }).fill('dly');
    await page.getByRole('textbox', { name: 'Frequency Type Name' }).fill(`Quarter ${suffix}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This value is already in use.').waitFor();
    await page.getByRole('textbox', { name: 'Frequency Type Code' }).fill(`Q${suffix}`.slice(0, 12));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/frequency-types');
    await page.getByRole('cell', { name: `Quarter ${suffix}` }).waitFor();
  });

  it('adds an external user with features and partner access, and downloads the CSV', async () => {
    const { page } = session;
    const userId = `e2e-${suffix.toLowerCase()}@demo.portal`;
    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'Manage Internal Users', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Add' }).click();
    await page.getByRole('heading', { name: 'Add External User', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await page.getByText('This field is required.').count()).toBe(4);
    await page.getByRole('textbox', { name: 'User ID' }).fill(userId);
    await page.getByRole('textbox', { name: 'First Name' }).fill('=Eve');
    await page.getByRole('textbox', { name: 'Last Name' }).fill('Browser');
    await page.getByRole('textbox', { name: 'Email' }).fill(userId);
    await page.getByRole('combobox', { name: 'Features' }).click();
    await page.getByRole('option', { name: 'VIEW_REPORTS', exact: true }).click();
    await page.getByRole('textbox', { name: 'Partner Access' }).fill('EXT/BJS');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/users');
    await page.getByRole('textbox', { name: 'Filter by User Id' }).fill(userId);
    await page.getByRole('cell', { name: userId, exact: true }).first().waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const csv = await readFile(path, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('User Id,First Name,Last Name,User Type,Email,Phone');
    expect(csv).toContain(`${userId},'=Eve,Browser,External,${userId},`);

    await page.getByRole('link', { name: `Edit ${userId}` }).click();
    await page.getByRole('heading', { name: 'Edit External User', level: 1 }).waitFor();
    expect(await page.getByRole('textbox', { name: 'User ID', exact: true }).isDisabled()).toBe(true);
  });

  it('lists report alerts across partners and the audit log of these changes', async () => {
    const { page } = session;
    await page.goto('/admin/report-alerts');
    await page.getByRole('heading', { name: 'Manage Report Alerts', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add report alert' });
    await dialog.getByRole('textbox', { name: 'Partner Code (EXT)' }).fill('SAM');
    await choose(page, 'Report Category', 'Chargebacks');
    await choose(page, 'Frequency Type', 'Week');
    await choose(page, 'Weekday', 'Thursday');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Filter by Partner' }).fill('SAM');
    await page.getByRole('cell', { name: 'Week (every Thursday)' }).first().waitFor();
    const listed = await page.request.get(`${session.baseUrl}/api/report-monitors?partner=SAM&pageSize=100`);
    const added = (await listed.json()).monitors.find(
      (m: { categoryCode: string; frequencyDay: string }) =>
        m.categoryCode === 'CHARGEBACKS' && m.frequencyDay === 'THURSDAY',
    );
    await page.getByRole('button', { name: `Delete alert ${added.reportMonitorId}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete report alert' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('button', { name: `Delete alert ${added.reportMonitorId}` }).count())
      .toBe(0);

    await page.goto('/admin/audit-log');
    await page.getByRole('heading', { name: 'Audit Log', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Entity type' }).fill('report-monitor');
    await page.getByText('report-monitor.create').first().waitFor();
    await page.getByText('report-monitor.delete').first().waitFor();
  });
});
