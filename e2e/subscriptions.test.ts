import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { openBrowser, type Session, signIn } from './support/browser.js';
import { mailWithSubject } from './support/mail.js';
import { landReports } from './support/reports.js';
import { sidewaysScrollFindings } from './support/sideways.js';

// Report subscriptions in Chromium (issue 28): the partner persona follows a category from its
// reports page and sees it on My Account; a report landing in the category the demo data follows
// is mailed with a one-click unsubscribe link, whose page (opened as a mail client's user would,
// without a session) ends that one follow. The dialog and the pages pass axe and fit a phone.

const BJS = "BJ's Wholesale Club";
const suffix = Date.now().toString(36);

describe('report subscriptions in Chromium', () => {
  let session: Session;
  let phone: Session;
  beforeAll(async () => {
    session = await openBrowser();
    phone = await openBrowser({ width: 390, height: 844 });
  });
  afterAll(async () => {
    await session?.close();
    await phone?.close();
  });

  it('follows a category as a daily digest from its reports page and lists it on My Account', async () => {
    const { page } = session;
    await signIn(page, 'partner@demo.portal');
    await page.goto('/partners/EXT/BJS/report-categories/CHARGEBACKS/reports');
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Follow by e-mail', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Get an e-mail when new reports of this category arrive.').waitFor();
    await dialog.getByLabel('One daily digest').check();
    await dialog.getByLabel('Digest time (Eastern time, business days)').fill('08:30');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Follow' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'You follow' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'You follow' }).textContent()).toMatch(
      /Daily digest at 08:30 ET on business days; every frequency type\.$/,
    );
    // The button says so, and opened again, the dialog too, and offers Unfollow.
    expect(await page.getByRole('button', { name: 'Follow by e-mail', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Following by e-mail', exact: true }).click();
    await dialog
      .getByText('You follow this category: Daily digest at 08:30 ET on business days; every frequency type.')
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Unfollow' }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto('/my-account');
    const list = page.getByRole('region', { name: 'My subscriptions' });
    await list.getByText(`${BJS}: Chargebacks`).waitFor();
    expect(await list.getByText(`${BJS}: Settlement`).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('mails a report that lands, and its unsubscribe link ends that follow only, without a session', async () => {
    const fileName = `subscription-${suffix}.csv`;
    await landReports('SETTLEMENT', [fileName]);
    const mail = await mailWithSubject(`1 new report: ${BJS} – Settlement`);
    expect(mail.text).toContain(fileName);
    const header = mail.headerLines.find((line) => line.key === 'list-unsubscribe')?.line ?? '';
    const link = /<([^>]+)>/.exec(header)?.[1] ?? '';
    expect(link).toMatch(/\/unsubscribe\/[A-Za-z0-9_-]+$/);

    // The phone, signed out: the page asks first; opening it changed nothing.
    const { page } = phone;
    await page.goto(new URL(link).pathname);
    await page.getByText(`Stop the e-mails about Settlement for ${BJS}?`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await sidewaysScrollFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText(`You will no longer get mail about Settlement for ${BJS}.`).waitFor();

    await session.page.goto('/my-account');
    const list = session.page.getByRole('region', { name: 'My subscriptions' });
    await list.getByText(`${BJS}: Chargebacks`).waitFor();
    expect(await list.getByText(`${BJS}: Settlement`).count()).toBe(0);
  });
});
