import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { openBrowser, type Session, signIn } from './support/browser.js';
import { followNavigationLink } from './support/navigation.js';

// An internal admin creates a service account in the UI, issues it a token that the API accepts,
// then revokes the token, which the API refuses from then on; the page then passes axe.
describe('service accounts in Chromium', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(async () => session?.close());

  it('creates an account, issues a working token and revokes it', async () => {
    const { page, context, baseUrl } = session;
    const userId = `svc-e2e-${Date.now()}`;
    await signIn(page, 'E100001');

    await followNavigationLink(page, 'Admin', 'Service Accounts');
    await page.getByRole('heading', { name: 'Service Accounts', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/service-accounts');

    await page.getByRole('button', { name: 'New service account' }).click();
    const create = page.getByRole('dialog', { name: 'New service account' });
    await create.getByLabel('User ID').fill(userId);
    await create.getByLabel('Name').fill('Browser test robot');
    await create.getByRole('combobox', { name: 'Features' }).click();
    await page.getByRole('option', { name: 'VIEW_REPORTS', exact: true }).click();
    await create.getByLabel('Partner Access').fill('EXT/BJS');
    await create.getByRole('button', { name: 'Create' }).click();
    await create.waitFor({ state: 'detached' });

    const row = page.getByRole('row').filter({ hasText: userId });
    await row.waitFor();
    const cells = (await row.getByRole('cell').allTextContents()).slice(0, 4);
    expect(cells).toEqual([userId, 'Browser test robot', 'VIEW_REPORTS', 'EXT/BJS']);

    await row.getByRole('button', { name: 'Issue token' }).click();
    const issue = page.getByRole('dialog', { name: `Issue token for ${userId}` });
    await issue.getByLabel('Token name').fill('e2e');
    await issue.getByRole('button', { name: 'Issue' }).click();
    const shown = issue.getByTestId('issued-token');
    await shown.waitFor();
    const token = (await shown.textContent())?.trim() ?? '';
    expect(token).toMatch(/^psa_/);
    await issue.getByText('It will not be shown again', { exact: false }).waitFor();
    await issue.getByRole('button', { name: 'Done' }).click();
    await issue.waitFor({ state: 'detached' });
    expect(await page.getByText(token).count()).toBe(0);

    const callAsAccount = () =>
      context.request.get(`${baseUrl}/api/user`, { headers: { authorization: `Bearer ${token}` } });
    const accepted = await callAsAccount();
    expect(accepted.status()).toBe(200);
    expect((await accepted.json()).userId).toBe(userId);

    await row.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke token' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByText('Revoked', { exact: false }).waitFor();

    expect((await callAsAccount()).status()).toBe(401);

    // The page with an account on it, its Active and Revoked badges shown, passes axe's WCAG AA
    // rules: the demo seed has no service account, so the accessibility walk sees only the empty list.
    await row.getByText('Active', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
