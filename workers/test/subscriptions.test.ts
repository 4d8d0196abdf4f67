import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestReport, saveSubscription, setUserAccess } from '@portal/db';
import { SUBSCRIPTION_PAUSED } from '@portal/domain/reports/subscription';
import { workerConnection } from '@portal/queue';
import { createBlobStore } from '@portal/storage';
import {
  createTestDatabase,
  ensureReferenceData,
  newCategory,
  newPartner,
  newPartnerCategory,
  newUser,
  type TestDatabase,
} from '@portal/testing/db';
import { REDIS_URL, randomPrefix, waitFor } from '@portal/testing/workers/helpers';
import { type MailHarness, startMailWorkers } from '@portal/testing/workers/mail-harness';
import { Queue } from 'bullmq';
import type { AddressObject } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';

// Report subscriptions end to end through the real outbox, queue, workers and SMTP (issue 28): a
// burst of 50 reports gives each subscriber one mail for the window; a subscriber who lost access or
// was disabled gets nothing and their subscription says why.

const PUBLIC_URL = 'https://portal.example';
const prefix = randomPrefix();
let t: TestDatabase;
let mail: MailHarness;
let storageDir: string;
let partnerId: number;
const subscriptions: Record<string, number> = {};

const recipientsOf = (message: { to?: AddressObject | AddressObject[] }) =>
  [message.to ?? []].flat().flatMap((to) => to.value.map((address) => address.address));

beforeAll(async () => {
  t = await createTestDatabase();
  storageDir = await mkdtemp(join(tmpdir(), 'portal-subscriptions-'));
  await ensureReferenceData(t.db);
  partnerId = await newPartner(t.db, { code: 'ACME', name: 'Acme Bank' });
  const otherId = await newPartner(t.db, { code: 'OTHER' });
  await newCategory(t.db, { code: 'SETTLE', name: 'Settlement' });
  for (const id of [partnerId, otherId]) {
    await newPartnerCategory(t.db, {
      partnerId: id,
      categoryCode: 'SETTLE',
      frequencyTypeCodes: ['DLY', 'MLY'],
    });
  }
  const people = {
    ann: { grants: ['ACME'] },
    bob: { grants: ['ALL'] },
    carl: { grants: ['OTHER'] },
    dora: { grants: ['ACME'], disabled: true },
    ed: { grants: ['ACME'] },
  };
  for (const [name, person] of Object.entries(people)) {
    await newUser(t.db, { userId: name, email: `${name}@partner.example`, disabled: 'disabled' in person });
    await setUserAccess(t.db, name, {
      features: ['VIEW_REPORTS'],
      partnerGrants: person.grants.map((partnerCode) => ({ accessTypeCode: 'EXT', partnerCode })),
    });
    subscriptions[name] = await saveSubscription(
      t.db,
      { userId: name, partnerId, categoryCode: 'SETTLE' },
      // ed hears only the monthly reports, which this burst has none of.
      { delivery: 'AS_THEY_ARRIVE', digestTime: null, frequencyTypeCodes: name === 'ed' ? ['MLY'] : [] },
    );
  }
  mail = await startMailWorkers({
    handle: t,
    redisUrl: REDIS_URL,
    prefix,
    subscriptionWindowSeconds: 2,
    publicUrl: PUBLIC_URL,
  });
});

afterAll(async () => {
  await mail?.stop();
  await t?.drop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

/** Nothing left to run: the dispatch schedule's next firing (always one delayed job) aside. */
async function queuesDrained(): Promise<boolean> {
  for (const name of ['notifications', 'mail'] as const) {
    const queue = new Queue(name, { connection: workerConnection(REDIS_URL), prefix });
    try {
      const states =
        name === 'mail'
          ? (['waiting', 'active', 'delayed', 'prioritized'] as const)
          : (['waiting', 'active', 'prioritized'] as const);
      const counts = await queue.getJobCounts(...states);
      if (Object.values(counts).some((count) => count > 0)) return false;
    } finally {
      await queue.close();
    }
  }
  return true;
}

it('mails a burst of 50 reports once per subscriber, and nothing to one who lost access', async () => {
  const store = createBlobStore({ STORAGE_DIR: storageDir });
  await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      ingestReport(t.db, store, {
        accessTypeCode: 'EXT',
        partnerCode: 'ACME',
        categoryCode: 'SETTLE',
        frequencyTypeCode: 'DLY',
        reportDate: '2026-11-25',
        fileName: `settlement-${String(i).padStart(2, '0')}.csv`,
        body: Buffer.from(`row,${i}\n`),
        contentType: 'text/csv',
      }),
    ),
  );
  const subject = '50 new reports: Acme Bank – Settlement';
  await waitFor('the mails of the window', () => mail.arrived(subject).length === 2, 45_000);
  // Settled before counting: no report left to mail, nothing left in the queues.
  await waitFor(
    'every subscription settled',
    async () => {
      const pending = await t.db.selectFrom('report_subscription_items').select('event_id').execute();
      const paused = await t.db
        .selectFrom('report_subscriptions')
        .select('subscription_id')
        .where('paused_reason', 'is not', null)
        .execute();
      return pending.length === 0 && paused.length === 2 && (await queuesDrained());
    },
    45_000,
  );

  const mails = mail.arrived(subject);
  expect(mails.flatMap(recipientsOf).sort()).toEqual(['ann@partner.example', 'bob@partner.example']);
  expect(mail.smtp.messages.filter((message) => message.subject?.includes('Acme Bank'))).toHaveLength(2);
  const [first] = mails;
  // In the portal's words (MM/dd/yyyy, the frequency type's name), and a link opening the page on
  // the reports' date and tab.
  expect(first?.text).toContain('- settlement-00.csv (11/25/2026, Day)');
  expect(first?.text).toContain('- settlement-49.csv (11/25/2026, Day)');
  expect(first?.text).toContain(
    `Open them: ${PUBLIC_URL}/partners/EXT/ACME/report-categories/SETTLE/reports?date=2026-11-25&frequencyType=DLY\n`,
  );

  // RFC 8058: the link in List-Unsubscribe, and the header that says it takes a one-click POST.
  const token = (
    await t.db
      .selectFrom('report_subscriptions')
      .select('unsubscribe_token')
      .where('subscription_id', '=', subscriptions.ann!)
      .executeTakeFirstOrThrow()
  ).unsubscribe_token;
  const annMail = mails.find((message) => recipientsOf(message).includes('ann@partner.example'))!;
  const header = (name: string) =>
    (annMail.headerLines.find((line) => line.key === name)?.line ?? '').replace(/\r\n\s+/g, ' ');
  expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${PUBLIC_URL}/unsubscribe/${token}>`);
  expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

  const rows = await t.db
    .selectFrom('report_subscriptions')
    .select(['user_id', 'paused_reason', 'last_sent_at'])
    .orderBy('user_id')
    .execute();
  expect(rows.map((row) => [row.user_id, row.paused_reason, row.last_sent_at !== null])).toEqual([
    ['ann', null, true],
    ['bob', null, true],
    ['carl', SUBSCRIPTION_PAUSED.noPartner, false],
    ['dora', SUBSCRIPTION_PAUSED.disabled, false],
    ['ed', null, false],
  ]);
});

it('tells of a replaced file in the next window', async () => {
  const store = createBlobStore({ STORAGE_DIR: storageDir });
  await ingestReport(t.db, store, {
    accessTypeCode: 'EXT',
    partnerCode: 'ACME',
    categoryCode: 'SETTLE',
    frequencyTypeCode: 'DLY',
    reportDate: '2026-11-25',
    fileName: 'settlement-07.csv',
    body: Buffer.from('row,7,corrected\n'),
    contentType: 'text/csv',
  });
  const subject = '1 new report: Acme Bank – Settlement';
  await waitFor('the mails of the second window', () => mail.arrived(subject).length === 2, 45_000);
  expect(mail.arrived(subject)[0]?.text).toContain(
    '- settlement-07.csv (11/25/2026, Day) – replaces an earlier file',
  );
  const events = await t.db.selectFrom('report_events').select('event_type').execute();
  expect(events.filter((event) => event.event_type === 'report.replaced')).toHaveLength(1);
  expect(events.filter((event) => event.event_type === 'report.available')).toHaveLength(50);
});
