import { listAuditEntries } from '@portal/db';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type Persona, type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReportCatalog } from './fixtures.js';

// Report subscriptions through the API (issue 28): follow a category, change and end a follow,
// every refusal naming its field and storing nothing, and the one-click unsubscribe link.

describe('report subscriptions', () => {
  let t: TestApp;
  let personas: SeededPersonas;

  beforeAll(async () => {
    t = await createTestApp();
    personas = await seedPersonas(t.database.db);
    await seedReportCatalog(t.database.db);
  });
  afterAll(async () => t?.close());

  const call = async (persona: Persona, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await personas.headers(persona), ...(payload ? { payload } : {}) });
  const categoryPath = (partner = 'BJS', category = 'ACCOUNTS') =>
    `/api/reports/EXT/${partner}/${category}/subscription`;
  const stored = () => t.database.db.selectFrom('report_subscriptions').selectAll().execute();
  const tokenOf = async (subscriptionId: number) =>
    (
      await t.database.db
        .selectFrom('report_subscriptions')
        .select('unsubscribe_token')
        .where('subscription_id', '=', subscriptionId)
        .executeTakeFirstOrThrow()
    ).unsubscribe_token;

  it('follows a category, shows it on the category and on My Account, and changes it', async () => {
    expect((await call('externalReports', 'GET', categoryPath())).json()).toEqual({ subscription: null });
    const followed = await call('externalReports', 'PUT', categoryPath(), {
      delivery: 'DAILY_DIGEST',
      digestTime: '09:30',
      frequencyTypeCodes: ['WLY', 'DLY', 'WLY'],
    });
    expect(followed.statusCode).toBe(200);
    const subscription = followed.json().subscription;
    expect(subscription).toMatchObject({
      accessTypeCode: 'EXT',
      partnerCode: 'BJS',
      categoryCode: 'ACCOUNTS',
      categoryName: 'Account Activity',
      delivery: 'DAILY_DIGEST',
      digestTime: '09:30',
      frequencyTypeCodes: ['DLY', 'WLY'],
      // The screens name them as the portal does.
      frequencyTypes: [
        { code: 'DLY', name: 'Day' },
        { code: 'WLY', name: 'Week' },
      ],
      pausedReason: null,
      pendingReports: 0,
    });
    expect(subscription).not.toHaveProperty('unsubscribeToken');
    // The reports page's dates say it is followed, for its Follow button.
    expect(
      (await call('externalReports', 'GET', '/api/reports/EXT/BJS/ACCOUNTS/dates')).json(),
    ).toMatchObject({
      following: true,
    });
    expect((await call('internalAdmin', 'GET', '/api/reports/EXT/BJS/ACCOUNTS/dates')).json()).toMatchObject({
      following: false,
    });
    expect((await call('externalReports', 'GET', categoryPath())).json()).toEqual({ subscription });
    expect((await call('externalReports', 'GET', '/api/subscriptions')).json()).toEqual({
      subscriptions: [subscription],
    });

    const changed = await call(
      'externalReports',
      'PUT',
      `/api/subscriptions/${subscription.subscriptionId}`,
      {
        delivery: 'AS_THEY_ARRIVE',
        digestTime: '09:30',
      },
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().subscription).toMatchObject({
      subscriptionId: subscription.subscriptionId,
      delivery: 'AS_THEY_ARRIVE',
      digestTime: null,
      frequencyTypeCodes: [],
      frequencyTypes: [],
    });
    const [audit] = await listAuditEntries(
      t.database.db,
      'report_subscription',
      String(subscription.subscriptionId),
    );
    expect(audit).toMatchObject({ action: 'SUBSCRIPTION_SAVE', actor_user_id: 'partner@demo.portal' });
  });

  it.each([
    [{ delivery: 'WEEKLY' }, 'delivery'],
    [{}, 'delivery'],
    [{ delivery: 'DAILY_DIGEST', digestTime: '9am' }, 'digestTime'],
    [{ delivery: 'DAILY_DIGEST', digestTime: 930 }, 'digestTime'],
    [{ delivery: 'DAILY_DIGEST' }, 'digestTime'],
    [{ delivery: 'AS_THEY_ARRIVE', frequencyTypeCodes: ['MLY'] }, 'frequencyTypeCodes'],
    [{ delivery: 'AS_THEY_ARRIVE', frequencyTypeCodes: 'DLY' }, 'frequencyTypeCodes'],
  ])('refuses %j with a 400 naming %s, and stores nothing', async (body, field) => {
    const before = await stored();
    const reply = await call('externalReports', 'PUT', categoryPath('SAM', 'SETTLEMENT'), body);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().field).toBe(field);
    expect(await stored()).toEqual(before);
  });

  it('refuses a partner the user may not see (403), a category the partner lacks (404) and a service account (403)', async () => {
    const before = await stored();
    expect(
      (
        await call('externalReports', 'PUT', categoryPath('OTH', 'SETTLEMENT'), {
          delivery: 'AS_THEY_ARRIVE',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('externalReports', 'GET', categoryPath('OTH', 'SETTLEMENT'))).statusCode).toBe(403);
    expect(
      (await call('externalReports', 'PUT', categoryPath('SAM', 'ACCOUNTS'), { delivery: 'AS_THEY_ARRIVE' }))
        .statusCode,
    ).toBe(404);
    const service = await call('serviceAccount', 'PUT', categoryPath(), { delivery: 'AS_THEY_ARRIVE' });
    expect(service.statusCode).toBe(403);
    expect(service.json().message).toBe('A service account is told of new reports by webhooks, not by mail.');
    expect(await stored()).toEqual(before);
  });

  it("never reads, changes or ends another user's subscription by id", async () => {
    const own = (
      await call('internalAdmin', 'PUT', categoryPath('OTH', 'SETTLEMENT'), { delivery: 'AS_THEY_ARRIVE' })
    ).json().subscription;
    const before = await stored();
    expect(
      (
        await call('externalReports', 'PUT', `/api/subscriptions/${own.subscriptionId}`, {
          delivery: 'AS_THEY_ARRIVE',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('externalReports', 'DELETE', `/api/subscriptions/${own.subscriptionId}`)).statusCode,
    ).toBe(404);
    expect(
      (await call('externalReports', 'GET', '/api/subscriptions'))
        .json()
        .subscriptions.map((s: { partnerCode: string }) => s.partnerCode),
    ).not.toContain('OTH');
    expect(await stored()).toEqual(before);
    const ended = await call('internalAdmin', 'DELETE', `/api/subscriptions/${own.subscriptionId}`);
    expect(ended.statusCode).toBe(200);
    // Unfollow says what was unfollowed.
    expect(ended.json().message).toMatch(/^You no longer follow Settlement for .+\.$/);
  });

  it('says which category a category page unfollowed, and that it is followed no more', async () => {
    await call('externalReports', 'PUT', categoryPath('SAM', 'SETTLEMENT'), { delivery: 'AS_THEY_ARRIVE' });
    const ended = await call('externalReports', 'DELETE', categoryPath('SAM', 'SETTLEMENT'));
    expect(ended.statusCode).toBe(200);
    const partnerName = (
      await t.database.db
        .selectFrom('partners')
        .select('name')
        .where('code', '=', 'SAM')
        .executeTakeFirstOrThrow()
    ).name;
    expect(ended.json()).toEqual({ message: `You no longer follow Settlement for ${partnerName}.` });
    expect(
      (await call('externalReports', 'GET', '/api/reports/EXT/SAM/SETTLEMENT/dates')).json(),
    ).toMatchObject({
      following: false,
    });
    expect((await call('externalReports', 'DELETE', categoryPath('SAM', 'SETTLEMENT'))).statusCode).toBe(404);
  });

  it('unsubscribes by the link once, without a session, and changes nothing else', async () => {
    const first = (
      await call('externalReports', 'PUT', categoryPath('BJS', 'SETTLEMENT'), { delivery: 'AS_THEY_ARRIVE' })
    ).json().subscription;
    const token = await tokenOf(first.subscriptionId);
    const sessionsBefore = await t.database.db
      .selectFrom('sessions')
      .select(['session_hash', 'last_seen_at'])
      .execute();
    const othersBefore = (await stored()).filter((row) => row.subscription_id !== first.subscriptionId);
    const storedRow = async () =>
      t.database.db
        .selectFrom('report_subscriptions')
        .selectAll()
        .where('subscription_id', '=', first.subscriptionId)
        .execute();
    const rowBefore = await storedRow();
    expect(rowBefore).toHaveLength(1);

    const page = await t.app.inject({ method: 'GET', url: `/api/unsubscribe/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      status: 'active',
      partnerName: expect.any(String),
      categoryName: 'Settlement',
    });
    // A GET (a mail scanner opening the link) changes nothing: the row is as it was, column by column.
    expect(await storedRow()).toEqual(rowBefore);

    const once = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(once.statusCode).toBe(200);
    expect(once.json().message).toMatch(/^You will no longer get mail about Settlement for .+\.$/);
    // The subscription is gone, not merely unreachable by this link.
    expect(await storedRow()).toEqual([]);
    expect((await stored()).filter((row) => row.subscription_id !== first.subscriptionId)).toEqual(
      othersBefore,
    );
    expect(
      await t.database.db.selectFrom('sessions').select(['session_hash', 'last_seen_at']).execute(),
    ).toEqual(sessionsBefore);

    const again = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(
      'This unsubscribe link has already been used, or the subscription no longer exists.',
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/unsubscribe/${token}` })).json()).toEqual({
      status: 'gone',
      message: 'This unsubscribe link has already been used, or the subscription no longer exists.',
    });
    expect((await t.app.inject({ method: 'POST', url: '/unsubscribe/not-a-token' })).statusCode).toBe(404);
  });
});
