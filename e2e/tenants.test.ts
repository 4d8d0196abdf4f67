import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, type Session, signIn } from './support/browser.js';
import { receivedMail } from './support/smtp.js';

// Tenant users end to end in Chromium: the tenant administrator invites a newcomer, the real
// SMTP server of the run receives exactly one e-mail, the newcomer follows its link through the
// demo sign-in server into the portal, and the administrator sees them, changes their role and
// deletes a pending invitation.

const sessions: Session[] = [];
afterAll(async () => {
  for (const session of sessions) await session.browser.close();
});

/** Polls with a bound: the mail goes outbox → invitations job → mail job → SMTP. */
async function mailTo(address: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await receivedMail(inject('mailDir'))).filter(
      (mail) => mail.to && !Array.isArray(mail.to) && mail.to.text.toLowerCase() === address,
    );
    if (mails.length > 0) return mails;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('tenant users', () => {
  it('invites a newcomer who signs in from the e-mail; the admin edits the role and deletes an invitation', async () => {
    const admin = await openBrowser();
    sessions.push(admin);
    const { page } = admin;
    await signIn(page, 'tenant-admin@demo.portal');

    // A single tenant leads straight to its users: 120 of them, 50 a page.
    await page.goto('/tenants');
    await page.waitForURL('**/admin/saas-acme/saas-users');
    await page.getByRole('heading', { level: 1, name: 'Tenant Users' }).waitFor();
    expect(await page.getByTestId('page-label').textContent()).toBe('1 / 3');
    await page.getByRole('navigation').getByRole('link', { name: 'Tenants' }).first().waitFor();

    // Invite with Corporate Manager and the ThoughtSpot box.
    const invitee = `aa.newcomer.${randomBytes(3).toString('hex')}@invited.demo`;
    await page.getByRole('link', { name: 'Invite' }).click();
    await page.getByRole('heading', { level: 1, name: 'Invite a New User' }).waitFor();
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await page.getByText('Please enter a valid email and select a role.').waitFor();
    await page.getByLabel('Email').fill(invitee);
    await page.getByRole('radio', { name: 'Corporate Manager' }).check();
    await page.getByRole('checkbox', { name: 'ThoughtSpot consumer' }).check();
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await page.getByText('User Invitation sent.').waitFor();
    await page.waitForURL('**/admin/saas-acme/saas-users');

    // Exactly one e-mail, carrying the link.
    const [mail, ...more] = await mailTo(invitee);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Tess Tenant invited you to Acme Stores on the Partner Portal');
    const link = /(http:\/\/\S+\/api\/saas\/invitations\/accept\?token=[A-Za-z0-9_-]+)/.exec(
      mail?.text ?? '',
    )?.[1];
    expect(link).toBeDefined();

    // The invitee follows it, signs in at the demo sign-in server as the invited address, lands in the portal.
    const newcomer = await openBrowser();
    sessions.push(newcomer);
    await newcomer.page.goto(link!);
    await newcomer.page.getByLabel('Login name').waitFor();
    await newcomer.page.getByLabel('Login name').fill(invitee);
    await newcomer.page.getByLabel('Password').fill('demo');
    await newcomer.page.getByRole('button', { name: 'Sign in' }).click();
    await newcomer.page.waitForURL((url) => url.origin === admin.baseUrl && url.pathname === '/');
    await newcomer.page.getByRole('heading', { level: 1, name: 'Welcome to the Partner Portal' }).waitFor();
    expect((await mailTo(invitee)).length).toBe(1);

    // The admin sees the new user with the invited roles, and changes the role.
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: invitee });
    await row.waitFor();
    expect(await row.textContent()).toContain('Corporate Manager, Acme Stores data, ThoughtSpot Consumer');
    await row.getByRole('link', { name: `Edit ${invitee}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Update User Role' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Corporate Manager' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Store Manager' }).check();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('User Roles were updated successfully.').waitFor();
    await page.waitForURL('**/admin/saas-acme/saas-users');
    await page.getByRole('row').filter({ hasText: invitee }).filter({ hasText: 'Store Manager' }).waitFor();

    // A pending invitation deleted: the message shows, then goes after 5 seconds.
    await page.getByRole('link', { name: 'Pending Invitations' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pending Invitations' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: invitee }).count()).toBe(0);
    await page.getByRole('button', { name: 'Delete the invitation of new.buyer@acme.example' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const message = page.getByText('Invitation was deleted successfully.');
    await message.waitFor();
    await page.getByRole('row').filter({ hasText: 'new.buyer@acme.example' }).waitFor({ state: 'detached' });
    await message.waitFor({ state: 'detached', timeout: 10_000 });
  });
});
