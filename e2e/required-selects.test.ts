import { MESSAGES } from '@portal/domain';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Session, signIn } from './support/browser.js';

// A required dropdown keeps its choice when the option already chosen is clicked again: it used to
// empty itself and show 'This field is required.' (Add Partner's Access Type, Add Dashboard's
// Dashboard Type; every select of the SPA takes the same default, theme.ts).

describe('required dropdowns in Chromium', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser();
    await signIn(session.page, 'E100001');
  });
  afterAll(async () => session?.close());

  /**
   * Clicks `option` of the select `label` twice (the first click may choose it, the second clicks
   * the option already chosen): what the field holds after each click.
   */
  async function clickTwice(page: Page, scope: Locator | Page, label: string, option: string) {
    const select = scope.getByRole('combobox', { name: label });
    const held: string[] = [];
    for (let click = 0; click < 2; click++) {
      await select.click();
      await page.getByRole('option', { name: option, exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      held.push(await select.inputValue());
    }
    return held;
  }

  it("keeps Add Partner's Access Type", async () => {
    const { page } = session;
    await page.goto('/admin/partners/new');
    await page.getByRole('heading', { name: 'Add Partner', level: 1 }).waitFor();
    expect(await clickTwice(page, page, 'Access Type', 'EXT (External)')).toEqual([
      'EXT (External)',
      'EXT (External)',
    ]);
    expect(await page.getByText(MESSAGES.required).count()).toBe(0);
    // Saved now, the other fields (left empty) are refused, the access type is not.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(MESSAGES.required).first().waitFor();
    expect(await page.getByRole('combobox', { name: 'Access Type' }).getAttribute('aria-invalid')).not.toBe(
      'true',
    );
  });

  it("keeps Add Dashboard's Dashboard Type", async () => {
    const { page } = session;
    await page.goto('/admin/dashboards');
    await page.getByRole('heading', { name: 'Manage Dashboards', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Dashboard' });
    await dialog.waitFor();
    expect(await clickTwice(page, dialog, 'Dashboard Type', 'Tableau')).toEqual(['Tableau', 'Tableau']);
    expect(await dialog.getByText(MESSAGES.required).count()).toBe(0);
    // Saved now, the other fields (left empty) are refused, the dashboard type, which shows, is not.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(MESSAGES.required).first().waitFor();
    expect(
      await dialog.getByRole('combobox', { name: 'Dashboard Type' }).getAttribute('aria-invalid'),
    ).not.toBe('true');
  });
});
