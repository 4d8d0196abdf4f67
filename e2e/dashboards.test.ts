import { connect, type DatabaseHandle } from '@portal/db';
import { DASHBOARD_URL_REASONS, MESSAGES } from '@portal/domain';
import { waitFor } from '@portal/testing/wait-for';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, type Session, signIn } from './support/browser.js';

// Embedded dashboards in Chromium against the embedded default (the portal's demo content):
// partner@demo.portal opens EXT/BJS's dashboards of each kind.
const SELECTION = '/dashboards/EXT/BJS';
const KINDS = [
  { name: 'Sales Overview', viewer: 'rstudio' },
  { name: 'Partner Sales Overview', viewer: 'tableau' },
  { name: 'Card Program Performance', viewer: 'thoughtspot' },
  { name: 'Settlement Trends', viewer: 'quicksight' },
];

let session: Session;
let database: DatabaseHandle;

async function bjsId(): Promise<number> {
  const row = await database.db
    .selectFrom('partners')
    .select('partner_id')
    .where('access_type_code', '=', 'EXT')
    .where('code', '=', 'BJS')
    .executeTakeFirstOrThrow();
  return row.partner_id;
}

async function openTile(page: Page, name: string) {
  await page.goto(SELECTION);
  await page.getByRole('link', { name: `View ${name}`, exact: true }).click();
}

async function tileOrder(page: Page): Promise<string[]> {
  await page.locator('[data-dashboard-grid]').waitFor();
  return page
    .locator('[data-dashboard-tile]')
    .evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-dashboard-tile') ?? ''));
}

beforeAll(async () => {
  database = connect({ databaseUrl: inject('databaseUrl'), maxConnections: 2 });
  session = await openBrowser({ width: 1400 });
  await signIn(session.page, 'partner@demo.portal');
});
afterAll(async () => {
  await session?.close();
  await database?.close();
});

describe('embedded dashboards in Chromium', () => {
  it.each(KINDS)(
    'opens the $viewer demo dashboard "$name", sees it load, and returns',
    async ({ name, viewer }) => {
      const { page } = session;
      await openTile(page, name);
      await page.waitForURL(new RegExp(`/dashboards/${viewer}/EXT/BJS/`));
      await page.locator('[data-embed-state="loaded"]').waitFor({ state: 'attached', timeout: 15_000 });
      await expect(page.getByRole('alert').count()).resolves.toBe(0);
      await page.getByRole('link', { name: 'Return' }).click();
      await page.waitForURL((url) => url.pathname === SELECTION);
    },
  );

  it('shows the Sorry message for content that answers 503, and records the failure', async () => {
    const { page } = session;
    const row = await database.db
      .insertInto('dashboards')
      .values({
        partner_id: await bjsId(),
        dashboard_name: 'Unavailable Demo',
        dashboard_url: '/content/demo-unavailable/',
        dashboard_type: 'RSTUDIO',
        updated_at: new Date(),
      })
      .returning('dashboard_id')
      .executeTakeFirstOrThrow();
    await openTile(page, 'Unavailable Demo');
    await page
      .getByRole('alert')
      .filter({ hasText: MESSAGES.dashboardUnavailable })
      .waitFor({ timeout: 15_000 });
    const failure = await waitFor('the failure event', () =>
      database.db
        .selectFrom('dashboard_activity_events')
        .selectAll()
        .where('dashboard_id', '=', row.dashboard_id)
        .where('kind', '=', 'FAIL')
        .executeTakeFirst(),
    );
    expect(failure.detail).toMatchObject({ status: 503, reason: 'status' });
    await database.db.deleteFrom('dashboards').where('dashboard_id', '=', row.dashboard_id).execute();
  });

  it('reorders the tiles by Most Viewed after views', async () => {
    const { page } = session;
    const dashboards = await database.db
      .selectFrom('dashboards')
      .select('dashboard_id')
      .where('partner_id', '=', await bjsId())
      .execute();
    // Start from no views this month, so the order follows the views made here.
    await database.db
      .deleteFrom('dashboard_views_monthly')
      .where(
        'dashboard_id',
        'in',
        dashboards.map((d) => d.dashboard_id),
      )
      .execute();
    await page.goto(SELECTION);
    const byName = await tileOrder(page);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));
    const last = byName.at(-1) ?? '';
    const secondLast = byName.at(-2) ?? '';

    for (const name of [last, last, secondLast]) {
      await openTile(page, name);
      await page.locator('[data-embed-state="loaded"]').waitFor({ state: 'attached', timeout: 15_000 });
    }
    const total = async () => {
      const rows = await database.db
        .selectFrom('dashboard_views_monthly')
        .select('views')
        .where(
          'dashboard_id',
          'in',
          dashboards.map((d) => d.dashboard_id),
        )
        .execute();
      const views = rows.reduce((sum, r) => sum + r.views, 0);
      return views >= 3 ? views : undefined;
    };
    await waitFor('the three views to be counted', total);

    await page.goto(SELECTION);
    await page.getByText('Most Viewed').click();
    await expect
      .poll(() => tileOrder(page), { timeout: 10_000 })
      .toEqual([last, secondLast, ...byName.slice(0, -2)]);
  });

  it('lets an admin add a dashboard with the host removed, says why a URL is unsafe, and deletes it', async () => {
    const admin = await openBrowser({ width: 1400 });
    try {
      const { page } = admin;
      await signIn(page, 'E100001');
      await page.goto('/admin/dashboards');
      await page.getByRole('button', { name: 'Add' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: /^Partner Code/ }).fill('BJS');
      await dialog.getByRole('textbox', { name: /^Name/ }).fill('Browser Added');
      const url = dialog.getByRole('textbox', { name: /^URL/ });
      await url.fill('https://connect.example.com/content/x/../../api/users');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText(DASHBOARD_URL_REASONS.dotSegments).waitFor();
      await url.fill('https://connect.example.com/content/browser-added/');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByRole('row').filter({ hasText: 'Browser Added' });
      await row.waitFor();
      // The stored URL is the path alone, exactly: a URL that kept its host would contain it too.
      const stored = () =>
        database.db
          .selectFrom('dashboards')
          .select('dashboard_url')
          .where('dashboard_name', '=', 'Browser Added')
          .execute();
      expect(await stored()).toEqual([{ dashboard_url: '/content/browser-added/' }]);
      await row.getByRole('cell', { name: '/content/browser-added/', exact: true }).waitFor();
      await row.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await row.waitFor({ state: 'detached' });
      expect(await stored()).toEqual([]);
    } finally {
      await admin.close();
    }
  });
});
