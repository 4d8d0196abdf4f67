import { startWebhookReceiver, type WebhookReceiver } from '@portal/testing/workers/webhook-receiver';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { openBrowser, type Session, signIn } from './support/browser.js';
import { followNavigationLink } from './support/navigation.js';
import { sidewaysScrollFindings } from './support/sideways.js';

// An internal admin registers a webhook endpoint in the UI for a service account, copies the secret
// shown once, sends a test event that a real https receiver on 127.0.0.2 verifies with that secret
// (standardwebhooks), and reads the delivery in the log. The page, its secret and its log pass axe
// at 1366 px and at a phone's 390 px without scrolling sideways: the demo seed has no endpoint, so
// the accessibility walk sees only the empty list.
/** Whether every element `selector` finds lies inside the window, and is not cut short inside itself. */
async function outsideOrClipped(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((css) => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(css))) {
      const box = element.getBoundingClientRect();
      const name = (element.textContent ?? '').trim();
      if (box.left < 0 || box.right > window.innerWidth) found.push(`${name}: ${box.left}–${box.right} px`);
      if (element.scrollWidth > element.clientWidth) found.push(`${name}: clipped`);
    }
    return found;
  }, selector);
}

/** The scroll regions (tables wider than their place) that scroll sideways, by their names. */
async function scrollingTables(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[role="region"]'))
      .filter((region) => region.querySelector('table') !== null && region.scrollWidth > region.clientWidth)
      .map(
        (region) => `${region.getAttribute('aria-label')}: ${region.scrollWidth} px in ${region.clientWidth}`,
      ),
  );
}

describe('webhooks in Chromium', () => {
  let session: Session;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    // A 1366 px window, the most common laptop's, beside the navigation.
    session = await openBrowser({ width: 1366, height: 900 });
    receiver = await startWebhookReceiver('127.0.0.2', { tls: inject('webhookReceiverTls') });
  });
  afterAll(async () => {
    await session?.close();
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

    await followNavigationLink(page, 'Admin', 'Webhooks');
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/webhooks');

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const add = page.getByRole('dialog', { name: 'Add endpoint' });
    // The URL's help says what the settings in force allow: the browser tests' portal takes http too.
    await add
      .getByText(
        'https, or http on this installation; it must resolve to a public address, or to one this installation allows: 127.0.0.2/32.',
      )
      .waitFor();
    await add.getByRole('combobox', { name: /^Service account/ }).click();
    await page.getByRole('option', { name: `Hook robot (${serviceAccount})` }).click();
    await add.getByRole('textbox', { name: /^URL/ }).fill(`${receiver.origin}/e2e`);
    // As full as the demo's endpoint: a description and every event type.
    await add
      .getByRole('textbox', { name: 'Description' })
      .fill('Reporting system of the partner: curl http://127.0.0.1:8020/events');
    await add.getByRole('checkbox', { name: /^report\.deleted/ }).check();
    await add.getByRole('checkbox', { name: /^monitor\.missing/ }).check();
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
    // At 1366 px the list fits its place: no sideways scroll, every row action inside the window.
    await row.getByRole('button', { name: 'Delete' }).waitFor();
    expect(await scrollingTables(page)).toEqual([]);
    expect(await outsideOrClipped(page, 'main table button')).toEqual([]);
    expect(await page.locator('main table button').count()).toBeGreaterThanOrEqual(4);
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
    // The log's status badge shows its whole word, and the Redeliver buttons are inside the window.
    expect(await outsideOrClipped(page, '[role="dialog"] table .mantine-Badge-label')).toEqual([]);
    expect(await outsideOrClipped(page, '[role="dialog"] table button')).toEqual([]);
    expect(await scrollingTables(page)).toEqual([]);

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
