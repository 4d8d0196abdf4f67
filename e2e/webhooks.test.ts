import { startWebhookReceiver, type WebhookReceiver } from '@portal/workers/testing/webhook-receiver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { openBrowser, type Session, signIn } from './support/browser.js';
import { sidewaysScrollFindings } from './support/sideways.js';

// An internal admin registers a webhook endpoint in the UI for a service account, copies the secret
// shown once, sends a test event that a real https receiver on 127.0.0.2 verifies with that secret
// (standardwebhooks), and reads the delivery in the log. The page, its secret and its log pass axe
// at 1366 px and at a phone's 390 px without scrolling sideways: the demo seed has no endpoint, so
// the accessibility walk sees only the empty list.
describe('webhooks in Chromium', () => {
  let session: Session;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    session = await openBrowser();
    receiver = await startWebhookReceiver('127.0.0.2', { tls: inject('webhookReceiverTls') });
  });
  afterAll(async () => {
    await session?.browser.close();
    await receiver?.close();
  });

  it('registers an endpoint, shows its secret once, and logs a verified test delivery', async () => {
    const { page, baseUrl } = session;
    const serviceAccount = `svc-e2e-hooks-${Date.now()}`;
    await signIn(page, 'E100001');
    const made = await page.request.post(`${baseUrl}/api/admin/service-accounts`, {
      headers: { 'x-requested-with': 'portal' },
      data: {
        userId: serviceAccount,
        name: 'Hook robot',
        features: ['VIEW_REPORTS'],
        partnerAccess: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
      },
    });
    expect(made.status()).toBe(201);

    const navigation = page.getByRole('navigation').first();
    await navigation.getByText('Admin', { exact: true }).click();
    await navigation.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/webhooks');

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const add = page.getByRole('dialog', { name: 'Add endpoint' });
    await add.getByRole('combobox', { name: /^Service account/ }).click();
    await page.getByRole('option', { name: `Hook robot (${serviceAccount})` }).click();
    await add.getByRole('textbox', { name: /^URL/ }).fill(`${receiver.origin}/e2e`);
    await add.getByRole('combobox', { name: /^Partners/ }).click();
    await page.getByRole('option', { name: /\(EXT\/BJS\)$/ }).click();
    await page.keyboard.press('Escape');
    expect(await axeViolations(page)).toEqual([]);
    await add.getByRole('button', { name: 'Add endpoint' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Endpoint added' });
    const secret = ((await secretDialog.getByTestId('webhook-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_/);
    receiver.expectSecret('/e2e', secret);
    expect(await axeViolations(page)).toEqual([]);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await secretDialog.waitFor({ state: 'detached' });
    expect(await page.getByText(secret).count()).toBe(0);

    const row = page.getByRole('row').filter({ hasText: `${receiver.origin}/e2e` });
    await row.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => receiver.at('/e2e').length, { timeout: 20_000 }).toBe(1);
    expect(receiver.at('/e2e')[0]).toMatchObject({ verified: true });
    expect(JSON.parse(receiver.at('/e2e')[0]!.body).type).toBe('webhook.test');

    await row.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('dialog', { name: `Deliveries to ${receiver.origin}/e2e` });
    await expect
      .poll(
        async () => {
          await log.getByRole('button', { name: 'Refresh' }).click();
          return log.getByText('succeeded', { exact: true }).count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await log.getByText(receiver.at('/e2e')[0]!.webhookId).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await log.waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText(`${receiver.origin}/e2e`).waitFor();
    expect(await sidewaysScrollFindings(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Deliveries' }).click();
    await log.getByText('succeeded', { exact: true }).waitFor();
    expect(await sidewaysScrollFindings(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });
});
