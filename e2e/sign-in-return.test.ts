import { connect } from '@portal/db';
import { MESSAGES } from '@portal/domain';
import { DEMO_PASSWORD } from '@portal/domain/authentication/demo-accounts';
import { formatUsDate } from '@portal/domain/time/iso-date';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, type Session, signIn } from './support/browser.js';
import { mailWithSubject } from './support/mail.js';
import { landReports } from './support/reports.js';

// Sign-in returns to the page that asked for it, a page of the portal's own and nothing else: a
// signed-out person who opens a subscription mail's link signs in and lands on that reports page
// with the report's date chosen; a return target off the portal or off the route table lands on
// '/'. A signed-out or refused page reads nothing it would be refused (no 401 or 403, not even in
// the console) before it goes to sign in or says that access is restricted.

const SAM = "Sam's Club";
const PARTNER = 'partner@demo.portal';
const suffix = Date.now().toString(36);

/** Every refused read (401, 403) and every console error of the page, from now on. */
function watchRefusals(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401 || response.status() === 403) {
      seen.push(`${response.status()} ${new URL(response.url()).pathname}`);
    }
  });
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.push(`uncaught: ${error.message}`));
  return seen;
}

/** On the portal's login page: types the login, signs on, and on the demo sign-in page the password. */
async function signInHere(page: Page, login: string): Promise<void> {
  await page.getByLabel('Email Address or EID').fill(login);
  await page.getByRole('button', { name: 'Sign On' }).click();
  await page.getByLabel('Password').waitFor();
  // The demo sign-in page has the login typed on the portal's page already: it is not asked twice.
  expect(await page.getByLabel('Login name').inputValue()).toBe(login);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const landedOn = (page: Page, baseUrl: string) =>
  page.waitForURL((url) => url.origin === baseUrl && !url.pathname.startsWith('/login'));

/** The newest date with a report in a partner's category, from the running portal's database. */
async function newestReportDate(partnerCode: string, categoryCode: string): Promise<string> {
  const database = connect({ databaseUrl: inject('databaseUrl'), maxConnections: 1 });
  try {
    const row = await database.db
      .selectFrom('reports')
      .innerJoin('partners', 'partners.partner_id', 'reports.partner_id')
      .select((eb) => eb.fn.max('reports.report_date').as('newest'))
      .where('partners.code', '=', partnerCode)
      .where('reports.category_code', '=', categoryCode)
      .executeTakeFirstOrThrow();
    return String(row.newest);
  } finally {
    await database.close();
  }
}

const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

describe('sign-in returns to the page that asked for it', () => {
  const sessions: Session[] = [];
  const open = async (options?: { width?: number; height?: number }) => {
    const session = await openBrowser({ width: 1366, height: 900, ...options });
    sessions.push(session);
    return session;
  };
  let partner: Session;
  beforeAll(async () => {
    partner = await open();
    await signIn(partner.page, PARTNER);
  });
  afterAll(async () => {
    for (const session of sessions) await session.close();
  });

  it("lands a signed-out person who opens a subscription mail's link on that report's page, its date chosen", async () => {
    // The partner follows Sam's Club's settlement; a report lands for a day before the newest one.
    const followed = await partner.page.request.put(
      `${partner.baseUrl}/api/reports/EXT/SAM/SETTLEMENT/subscription`,
      { headers: { 'x-requested-with': 'portal' }, data: { delivery: 'AS_THEY_ARRIVE' } },
    );
    expect(followed.status()).toBe(200);
    const newest = await newestReportDate('SAM', 'SETTLEMENT');
    const reportDate = daysBefore(newest, 3);
    const fileName = `earlier-day-${suffix}.csv`;
    await landReports('SETTLEMENT', [fileName], { partnerCode: 'SAM', reportDate });

    const mail = await mailWithSubject(`1 new report: ${SAM} – Settlement`);
    expect(mail.text).toContain(`- ${fileName} (${formatUsDate(reportDate)}, Day)`);
    const link = /^Open them: (\S+)$/m.exec(mail.text ?? '')?.[1] ?? '';
    expect(link).toBe(
      `${partner.baseUrl}/partners/EXT/SAM/report-categories/SETTLEMENT/reports?date=${reportDate}&frequencyType=DLY`,
    );

    // Signed out, as in a mail client's browser: the link, the login page, the sign-in, the page.
    const { page, baseUrl } = await open();
    const refusals = watchRefusals(page);
    await page.goto(link);
    await page.waitForURL('**/login?returnTo=**');
    await signInHere(page, PARTNER);
    await landedOn(page, baseUrl);
    const url = new URL(page.url());
    expect(url.pathname + url.search).toBe(new URL(link).pathname + new URL(link).search);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    expect(((await page.getByTestId('report-date').textContent()) ?? '').trim()).toBe(
      formatUsDate(reportDate),
    );
    await page.getByRole('row').filter({ hasText: fileName }).waitFor();
    expect(refusals).toEqual([]);
  });

  it.each([
    ['another site', 'https://evil.example/partners'],
    ['a protocol-relative address', '//evil.example'],
    ['an unknown path', '/no-such-page'],
  ])('lands on / when the return target is %s', async (_, returnTo) => {
    const { page, baseUrl } = await open();
    await page.goto(`/login?returnTo=${encodeURIComponent(returnTo)}`);
    await signInHere(page, PARTNER);
    await landedOn(page, baseUrl);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { name: 'Welcome to the Partner Portal', level: 1 }).waitFor();
  });

  it('lands on / when the sign-in start itself is given an address off the portal', async () => {
    const { page, baseUrl } = await open();
    await page.goto(`/api/oauth2/authorization/sso?returnTo=${encodeURIComponent('/\\evil.example')}`);
    await page.getByLabel('Login name').fill(PARTNER);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await landedOn(page, baseUrl);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

describe('no read refused before the sign-in check and the access check', () => {
  const REPORTS = '/partners/EXT/BJS/report-categories/SETTLEMENT/reports?date=2026-11-16';
  const sessions: Session[] = [];
  afterAll(async () => {
    for (const session of sessions) await session.close();
  });
  const open = async () => {
    const session = await openBrowser({ width: 390, height: 844 });
    sessions.push(session);
    return session;
  };
  const restricted = (page: Page) => page.getByText(MESSAGES.restricted).waitFor();
  /** Opens the reports page and sees it go to the login page, to come back to it, refused nothing. */
  async function expectSentToSignIn(page: Page) {
    const refusals = watchRefusals(page);
    await page.goto(REPORTS);
    await page.waitForURL('**/login?returnTo=**');
    await page.getByLabel('Email Address or EID').waitFor();
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(REPORTS);
    expect(refusals).toEqual([]);
  }

  it('sends a signed-out deep link to sign in with no 401, in a browser new to the portal', async () => {
    const { page } = await open();
    await expectSentToSignIn(page);
  });

  it('does the same after logout', async () => {
    const { page } = await open();
    await signIn(page, PARTNER);
    await page.goto('/logout');
    await page.getByText(MESSAGES.loggedOut).waitFor();
    await expectSentToSignIn(page);
  });

  it('does the same when the session ended while the browser still knew it', async () => {
    const { page, context } = await open();
    await signIn(page, PARTNER);
    await page.close();
    // The browser closed (its session cookie gone) while the site's storage still says signed in;
    // the link opens in a new tab.
    await context.clearCookies();
    await expectSentToSignIn(await context.newPage());
  });

  it("reads nothing for a person who may not view reports, or not this partner's", async () => {
    const dashboards = await open();
    await signIn(dashboards.page, 'dashboards@demo.portal');
    const refused = watchRefusals(dashboards.page);
    await dashboards.page.goto(REPORTS);
    await restricted(dashboards.page);

    const other = await open();
    await signIn(other.page, PARTNER);
    const refusedPartner = watchRefusals(other.page);
    await other.page.goto('/partners/EXT/WSI/report-categories/SETTLEMENT/reports');
    await restricted(other.page);
    await other.page.goto('/partners/EXT/WSI/report-categories');
    await restricted(other.page);

    expect(refused).toEqual([]);
    expect(refusedPartner).toEqual([]);
  });
});
