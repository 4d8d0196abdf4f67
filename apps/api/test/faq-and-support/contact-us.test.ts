import { listReportedIssues } from '@portal/db';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { createUser, type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, ISSUE_REASONS, seedContentReference, sessionHeaders } from '../support/content-fixtures.js';

// SPEC.md §5 Report an issue: reason and message required, phone optional. The issue is stored
// and its mail to the support mailbox written to the outbox in the same transaction.
describe('report an issue', () => {
  let t: TestApp;
  let personas: SeededPersonas;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await createTestApp({ SUPPORT_MAILBOX: 'help-desk@portal.test' });
    personas = await seedPersonas(t.database.db);
    await seedContentReference(t.database.db);
    call = caller(t, personas);
  });
  afterAll(async () => t?.close());

  const outboxMails = () =>
    t.database.db
      .selectFrom('outbox')
      .select(['job_name', 'payload'])
      .where('job_name', '=', 'mail.send')
      .execute();

  it('lists the reasons from the database, in their order', async () => {
    const reply = await call('externalReports', 'GET', '/api/reasons');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual(ISSUE_REASONS);
  });

  it('stores the issue and enqueues the mail to the support mailbox, then answers 200', async () => {
    const reply = await call('externalReports', 'POST', '/api/contact-us', {
      phone: '+1 (800) 555-0100',
      reason: 'Missing report',
      message: '  The daily sales file of 11/20/2026 is missing. ',
    });
    expect(reply.statusCode).toBe(200);
    const { issueId, message } = reply.json();
    expect(message.startsWith('Your issue has been reported')).toBe(true);

    expect(await listReportedIssues(t.database.db, 'partner@demo.portal')).toEqual([
      expect.objectContaining({
        issueId,
        phone: '+1 (800) 555-0100',
        reason: 'Missing report',
        message: 'The daily sales file of 11/20/2026 is missing.',
      }),
    ]);
    const mails = (await outboxMails()).map(
      (row) => row.payload as { to: string[]; subject: string; text: string },
    );
    const mail = mails.find((m) => m.subject === `Reported issue ${issueId}: Missing report`);
    expect(mail?.to).toEqual(['help-desk@portal.test']);
    expect(mail?.text).toContain('User id: partner@demo.portal');
    expect(mail?.text).toContain('The daily sales file of 11/20/2026 is missing.');
  });

  it('takes the phone as optional', async () => {
    const reply = await call('internalNoFeature', 'POST', '/api/contact-us', {
      reason: 'Other',
      message: 'Hello',
    });
    expect(reply.statusCode).toBe(200);
    const [issue] = await listReportedIssues(t.database.db, 'E100003');
    expect(issue?.phone).toBeNull();
  });

  it('requires a reason from the list and a message, and stores nothing otherwise', async () => {
    const before = (await outboxMails()).length;
    const cases: [object, string, string][] = [
      [{ phone: '', reason: '', message: 'x' }, 'reason', 'This field is required.'],
      [{ phone: '', reason: 'Other', message: '   ' }, 'message', 'This field is required.'],
      [{ phone: '', reason: 'Made up', message: 'x' }, 'reason', 'Please choose a reason from the list.'],
      [
        { phone: 'call me', reason: 'Other', message: 'x' },
        'phone',
        'Please enter a valid phone number, or leave it empty.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const reply = await call('externalDashboards', 'POST', '/api/contact-us', body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json()).toEqual({ message, field });
    }
    expect(await listReportedIssues(t.database.db, 'dashboards@demo.portal')).toEqual([]);
    expect((await outboxMails()).length).toBe(before);
  });

  it('is refused to anonymous callers and to cross-site posts', async () => {
    const body = { reason: 'Other', message: 'x' };
    expect((await call('anonymous', 'POST', '/api/contact-us', body)).statusCode).toBe(401);
    const cookie = await personas.sessionCookie('externalReports');
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/contact-us',
      payload: body,
      headers: { cookie: cookie ?? '' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('is rate-limited per user: one user at the limit does not stop another', async () => {
    await createUser(t.database.db, {
      userId: 'chatty@test.portal',
      isExternalUser: true,
      features: [],
      partnerAccess: [],
    });
    const headers = await sessionHeaders(t.database.db, 'chatty@test.portal');
    const body = { reason: 'Other', message: 'Again' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const reply = await t.app.inject({ method: 'POST', url: '/api/contact-us', payload: body, headers });
      statuses.push(reply.statusCode);
      if (reply.statusCode === 429)
        expect(reply.json().message).toMatch(/^Too many attempts\. Please try again in /);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);

    expect((await call('internalOperations', 'POST', '/api/contact-us', body)).statusCode).toBe(200);
  });
});
