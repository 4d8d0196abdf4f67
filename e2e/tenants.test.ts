import { randomBytes } from 'node:crypto';
import { connect } from '@portal/db';
import { createProducerQueues } from '@portal/queue';
import { receivedMail } from '@portal/testing/portal/smtp-sink';
import { waitFor } from '@portal/testing/wait-for';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { openBrowser, type Session, signIn } from './support/browser.js';

// Tenant users end to end in Chromium: the tenant administrator invites a newcomer, the real
// SMTP server of the run receives exactly one e-mail, the newcomer follows its link through the
// demo sign-in server into the portal, and the administrator sees them, changes their role and
// deletes a pending invitation. Then the invitation journey's dead ends (issue 24): a resent
// invitation whose old link is refused, a sign-in server that remembers another account, and the
// message that says what the newcomer joined.

const sessions: Session[] = [];
afterAll(async () => {
  for (const session of sessions) await session.close();
});

/** Polls with a bound: the mail goes outbox → invitations job → mail job → SMTP. */
async function mailTo(address: string, timeoutMs = 30_000) {
  return waitFor(
    `a mail to ${address}`,
    async () => {
      const mails = (await receivedMail(inject('mailDir'))).filter(
        (mail) => mail.to && !Array.isArray(mail.to) && mail.to.text.toLowerCase() === address,
      );
      return mails.length > 0 && mails;
    },
    timeoutMs,
    200,
  );
}

/**
 * The mails to `address` once nothing is left that could send another: every outbox row published,
 * no invitation or mail job waiting, delayed or running in Redis, and no delivery still being sent.
 * A late duplicate would be among them by then.
 */
async function settledMailTo(address: string, timeoutMs = 30_000) {
  const database = connect({ databaseUrl: inject('databaseUrl'), maxConnections: 1 });
  const queues = createProducerQueues({
    redisUrl: inject('redisUrl'),
    prefix: inject('queuePrefix'),
    queues: ['invitations', 'mail'],
  });
  try {
    await waitFor(
      `the mail to ${address} to settle`,
      async () => {
        const unpublished = await database.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('published_at', 'is', null)
          .executeTakeFirstOrThrow();
        let queued = 0;
        for (const name of queues.names) {
          const counts = await queues
            .get(name)
            .getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
          queued += Object.values(counts).reduce((sum, n) => sum + n, 0);
        }
        const sending = await database.db
          .selectFrom('mail_deliveries')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('status', '=', 'sending')
          .executeTakeFirstOrThrow();
        return Number(unpublished.n) === 0 && queued === 0 && Number(sending.n) === 0;
      },
      timeoutMs,
      200,
    );
    return await mailTo(address);
  } finally {
    await queues.close();
    await database.close();
  }
}

/** The link of an invitation e-mail. */
const linkIn = (text: string | undefined) =>
  /(http:\/\/\S+\/api\/saas\/invitations\/accept\?token=[A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];

/** A single tenant leads straight to its users: 120 of them, 50 a page. */
async function tenantUsersShown(page: Page) {
  await page.waitForURL('**/admin/saas-acme/saas-users');
  await page.getByRole('heading', { level: 1, name: 'Tenant Users' }).waitFor();
  expect(await page.getByTestId('page-label').textContent()).toBe('1 / 3');
}

describe('tenant users', () => {
  it("takes a tenant administrator on a phone from the menu to their tenant's users", async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    sessions.push(phone);
    const { page } = phone;
    await signIn(page, 'tenant-admin@demo.portal');
    await page.goto('/');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    await menu.getByRole('link', { name: 'Tenants' }).click();
    await tenantUsersShown(page);
    // The internal admin's entries stay off the phone's menu: no admin group there.
    expect(await menu.getByText('Admin', { exact: true }).count()).toBe(0);
  });

  it('invites a newcomer who signs in from the e-mail; the admin edits the role and deletes an invitation', async () => {
    const admin = await openBrowser();
    sessions.push(admin);
    const { page } = admin;
    await signIn(page, 'tenant-admin@demo.portal');

    await page.goto('/tenants');
    await tenantUsersShown(page);
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

    // Exactly one e-mail, carrying the link, counted once nothing more is on its way.
    await mailTo(invitee);
    const [mail, ...more] = await settledMailTo(invitee);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Tess Tenant invited you to Acme Stores on the Partner Portal');
    const link = linkIn(mail?.text);
    expect(link).toBeDefined();

    // The invitee follows it, signs in at the demo sign-in server as the invited address, lands in the portal.
    const newcomer = await openBrowser();
    sessions.push(newcomer);
    await newcomer.page.goto(link!);
    await newcomer.page.getByLabel('Login name').waitFor();
    await newcomer.page.getByLabel('Login name').fill(invitee);
    await newcomer.page.getByLabel('Password').fill('demo');
    await newcomer.page.getByRole('button', { name: 'Sign in' }).click();
    // They are told what they joined, and go on into the portal.
    await newcomer.page.waitForURL(
      (url) => url.origin === admin.baseUrl && url.pathname.startsWith('/invitation/'),
    );
    await newcomer.page.getByText('You have joined Acme Stores.').waitFor();
    await newcomer.page.getByRole('link', { name: 'Continue to the portal' }).click();
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

  it('resends an invitation (the old link refused), and an invitee the sign-in server took for someone else signs in as the invited address and is told what they joined', async () => {
    const admin = await openBrowser();
    sessions.push(admin);
    const { page } = admin;
    await signIn(page, 'tenant-admin@demo.portal');

    const invitee = `bb.journey.${randomBytes(3).toString('hex')}@invited.demo`;
    await page.goto('/admin/saas-acme/saas-users/new');
    await page.getByLabel('Email').fill(invitee);
    await page.getByRole('radio', { name: 'Store Manager' }).check();
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await page.getByText('User Invitation sent.').waitFor();
    const oldLink = linkIn((await mailTo(invitee))[0]?.text);
    expect(oldLink).toBeDefined();

    // The administrator opens the invitation's address from the pending list and resends it.
    await page.goto('/admin/saas-acme/saas-users/invitations');
    await page.getByRole('link', { name: invitee }).click();
    await page.waitForURL('**/invitation/*');
    await page.getByText('Invitation to Acme Stores').waitFor();
    await page.getByText('Pending', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Resend' }).click();
    await page.getByText('User Invitation sent.').waitFor();
    const invitationPath = new URL(page.url()).pathname;
    const newLink = await waitFor(
      'the resent invitation link',
      async () => (await mailTo(invitee)).map((m) => linkIn(m.text)).find((l) => l && l !== oldLink),
      30_000,
      200,
    );
    expect(newLink).toBeDefined();

    // The invitee's browser: the demo sign-in server remembers another account (signed in as it first).
    const invited = await openBrowser();
    sessions.push(invited);
    await signIn(invited.page, 'partner@demo.portal');

    // The link of the first e-mail no longer works.
    await invited.page.goto(oldLink!);
    await invited.page.waitForURL('**/invitation?status=invalid');
    await invited.page.getByText('This invitation link is not valid.', { exact: false }).waitFor();

    // The new one signs in silently as the remembered account: not the invited address, said so,
    // with a way to sign in as it.
    await invited.page.goto(newLink!);
    await invited.page.waitForURL(
      (url) => url.pathname === invitationPath && url.search === '?status=mismatched',
    );
    await invited.page
      .getByText('This invitation was sent to a different email address.', { exact: false })
      .waitFor();
    // At a phone's width too, the long address wraps rather than pushing the page sideways.
    await invited.page.setViewportSize({ width: 390, height: 800 });
    const signInAs = invited.page.getByRole('link', { name: `Sign in as ${invitee}` });
    await signInAs.waitFor();
    expect(await invited.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
      true,
    );
    expect(await axeViolations(invited.page)).toEqual([]);
    await signInAs.click();

    // The sign-in server asks for credentials although it remembers someone, the address filled in.
    await invited.page.getByLabel('Login name').waitFor();
    expect(await invited.page.getByLabel('Login name').inputValue()).toBe(invitee);
    await invited.page.getByLabel('Password').fill('demo');
    await invited.page.getByRole('button', { name: 'Sign in' }).click();
    await invited.page.waitForURL((url) => url.origin === admin.baseUrl && url.pathname === invitationPath);
    await invited.page.getByText('You have joined Acme Stores.').waitFor();
    await invited.page.getByText('Your roles: Store Manager', { exact: false }).waitFor();
    expect(await axeViolations(invited.page)).toEqual([]);

    // Signed in as the invited person now; the administrator's address for it says accepted.
    const me = await invited.page.request.get('/api/user');
    expect((await me.json()).userId).toBe(invitee);
    await page.reload();
    await page.getByText('Accepted', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Resend' }).count()).toBe(0);
  });
});
