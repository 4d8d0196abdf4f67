import { freePort } from '@portal/testing';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { startRedisServer, type TestRedisServer, waitFor } from '@portal/testing/workers/helpers';
import { type MailHarness, startMailWorkers } from '@portal/testing/workers/mail-harness';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedContentReference } from '../support/content-fixtures.js';

// The support mail of a reported issue travels API → outbox → relay → BullMQ → mail worker → a
// real SMTP server, and survives Redis going away: the API answers 200 at once, and the mail
// arrives once Redis is back. Redis is a private redis-server so the test can stop it.
const SUPPORT = 'support-desk@portal.test';
let redis: TestRedisServer;
let t: TestApp;
let personas: SeededPersonas;
let mail: MailHarness;

beforeAll(async () => {
  redis = await startRedisServer(await freePort());
  t = await createTestApp({ REDIS_URL: redis.url, SUPPORT_MAILBOX: SUPPORT });
  personas = await seedPersonas(t.database.db);
  await seedContentReference(t.database.db);
  mail = await startMailWorkers({ handle: t.database, redisUrl: redis.url, queues: ['mail'] });
});

afterAll(async () => {
  await mail?.stop();
  await t?.close();
  await redis?.stop();
});

async function reportIssue(message: string): Promise<number> {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/contact-us',
    payload: { phone: '800 555 0100', reason: 'Missing report', message },
    headers: await personas.headers('externalReports'),
  });
  expect(reply.statusCode).toBe(200);
  return reply.json().issueId;
}

const mailFor = (issueId: number) => mail.arrived(`Reported issue ${issueId}: Missing report`);

it('delivers the support mail of a reported issue to the support mailbox', async () => {
  const issueId = await reportIssue('The daily file is late.');
  const [mail] = await waitFor('the support mail', () =>
    mailFor(issueId).length > 0 ? mailFor(issueId) : undefined,
  );
  const to = Array.isArray(mail?.to) ? mail.to : [mail?.to];
  expect(to.flatMap((address) => address?.value.map((v) => v.address))).toEqual([SUPPORT]);
  expect(mail?.text).toContain('Pat');
  expect(mail?.text).toContain('Phone: 800 555 0100');
  expect(mail?.text).toContain('The daily file is late.');
});

it('answers 200 while Redis is unreachable, and the mail arrives once Redis returns', async () => {
  await redis.stop();
  let issueId: number;
  try {
    issueId = await reportIssue('Reported during the outage.');
    const row = await t.database.db
      .selectFrom('outbox')
      .select(['published_at', 'attempts'])
      .where('job_name', '=', 'mail.send')
      .where(sql<string>`payload->>'subject'`, '=', `Reported issue ${issueId}: Missing report`)
      .executeTakeFirstOrThrow();
    // Written with the issue; the relay cannot publish it while Redis is away.
    expect(row.published_at).toBeNull();
  } finally {
    await redis.start();
  }
  await waitFor('the mail sent after the outage', () => mailFor(issueId).length === 1, 30_000);
  expect(mailFor(issueId)[0]?.text).toContain('Reported during the outage.');
});
