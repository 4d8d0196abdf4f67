import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, type Session, signIn } from './support/browser.js';

// Sign-in through the real OpenID flow of apps/dev-sso, as different personas.
describe('sign-in, menus and access in Chromium', () => {
  let session: Session | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  const navLabels = async (s: Session) => {
    await s.page.getByRole('navigation').first().waitFor();
    return (await s.page.getByRole('navigation').first().getByRole('link').allTextContents()).map((t) =>
      t.trim(),
    );
  };

  it('shows an external partner user the reports menu and all four home cards', async () => {
    session = await openBrowser();
    await signIn(session.page, 'partner@demo.portal');
    await session.page.goto('/');
    await session.page.getByRole('heading', { name: 'Report an Issue' }).first().waitFor();
    const cards = await session.page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(cards).toEqual(['Dashboards', 'Reports', 'FAQs', 'Report an Issue']);
    const labels = await navLabels(session);
    expect(labels).toContain('Reports');
    expect(labels).not.toContain('Partners');
  });

  it('sends a dashboards-only user from home to dashboard selection, without a reports menu', async () => {
    session = await openBrowser();
    await signIn(session.page, 'dashboards@demo.portal');
    await session.page.goto('/');
    await session.page.waitForURL('**/dashboards/partners');
    const labels = await navLabels(session);
    expect(labels).toContain('Dashboards');
    expect(labels).not.toContain('Reports');
  });

  it('gives an internal admin the admin menu', async () => {
    session = await openBrowser();
    await signIn(session.page, 'E100001');
    await session.page.goto('/');
    await session.page.getByRole('heading', { name: 'Reports' }).first().waitFor();
    await session.page.getByRole('navigation').first().getByText('Admin', { exact: true }).click();
    await session.page.getByRole('navigation').first().getByRole('link', { name: 'Banner' }).waitFor();
    const labels = await navLabels(session);
    expect(labels).toEqual(expect.arrayContaining(['Partners', 'Alerts', 'Categories', 'Banner']));
  });

  it('shows the restricted message on a direct visit to a forbidden page, in place of the page', async () => {
    session = await openBrowser();
    const { page } = session;
    await signIn(page, 'E100003');
    const adminReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/admin/')) adminReads.push(request.url());
    });
    await page.goto('/admin/partners');
    await page.getByRole('alert').filter({ hasText: 'Restricted' }).waitFor();
    // Settled: no read left in flight. A page shown beside the message would have asked for its
    // partners, and its refusal (in the same words) would have replaced both with an error page.
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('alert').allInnerTexts()).toEqual([
      'Restricted\nAccess to this place or content is restricted.',
    ]);
    expect(adminReads).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/admin/partners');
  });

  it('ends the session on logout', async () => {
    session = await openBrowser();
    const { page, context, baseUrl } = session;
    await signIn(page, 'partner@demo.portal');
    expect((await context.request.get(`${baseUrl}/api/user/authenticated`)).status()).toBe(200);
    await page.goto('/logout');
    // The demo sign-in server's end-session address is plain http, which the SPA does not follow.
    await page.getByText('You have been logged out.').waitFor();
    const after = await context.request.get(`${baseUrl}/api/user/authenticated`);
    expect(after.status()).toBe(200);
    expect(await after.json()).toEqual({ status: 'UNAUTHENTICATED' });
    await page.goto('/partners');
    await page.waitForURL('**/login**');
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
