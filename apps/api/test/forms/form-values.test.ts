import { FORM_MESSAGES } from '@portal/domain';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { day, sampleDispute, sampleDisputeShared, sampleInvoice } from '@portal/testing/forms';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 23 through the real API: a value that would plant a line in a batch file, or show a
// reversed identifier, and a value no card operations team would send (a date of 1900, an
// amount of 0, a dispute above its transaction) are each refused with 400 naming the field, on a
// POST and on a PUT, and nothing is stored or changed.

let t: TestApp;
let personas: SeededPersonas;

async function call(method: 'POST' | 'PUT', url: string, payload: object) {
  const reply = await t.app.inject({
    method,
    url,
    headers: await personas.headers('internalOperations'),
    payload,
  });
  return { status: reply.statusCode, body: reply.json() as Record<string, unknown> };
}

/** Every stored row of both forms, as the database holds it. */
const stored = async () => ({
  invoices: await t.database.db
    .selectFrom('customer_invoice_requests')
    .selectAll()
    .orderBy('record_id')
    .execute(),
  disputes: await t.database.db.selectFrom('disputes').selectAll().orderBy('record_id').execute(),
});

const invoice = sampleInvoice;
const shared = sampleDisputeShared;
const item = sampleDispute;

let invoiceId: number;
let disputeId: number;

beforeAll(async () => {
  t = await createTestApp();
  personas = await seedPersonas(t.database.db);
  invoiceId = (await call('POST', '/api/form/user-invoices', invoice)).body.recordId as number;
  const disputes = await call('POST', '/api/form/disputes', { ...shared, disputes: [item] });
  disputeId = (disputes.body as unknown as { recordId: number }[])[0]!.recordId;
});
afterAll(async () => t?.close());

/** The dispute `change` on a POST (third of three rows) and on a PUT of the stored one: both 400 on `field`. */
async function expectDisputeRefused(change: object, field: string, message: string) {
  const before = await stored();
  const posted = await call('POST', '/api/form/disputes', {
    ...shared,
    disputes: [item, item, { ...item, ...change }],
  });
  expect(posted).toMatchObject({ status: 400, body: { field: `disputes.2.${field}`, message } });
  const put = await call('PUT', '/api/form/disputes', { recordId: disputeId, ...shared, ...item, ...change });
  expect(put).toMatchObject({ status: 400, body: { field: `disputes.0.${field}`, message } });
  expect(await stored()).toEqual(before);
}

describe('identifiers that would break a batch file line or read reversed', () => {
  it.each([
    'issuerClaimId',
    'issuerClaimTransactionId',
    'merchantId',
    'acquirerRefId',
    'acquirerClaimId',
    'chargebackReferenceId',
  ])('a planted TRAILER line in %s', async (field) => {
    await expectDisputeRefused({ [field]: 'a\r\nTRAILER,2026-11-23,0,0,x' }, field, FORM_MESSAGES.unsafeText);
  });

  it.each([
    ['a bare LF', 'issuerClaimId', 'IC\n1'],
    ['a C1 next line (U+0085)', 'issuerClaimTransactionId', 'ICT\u00851'],
    ['a right-to-left override', 'merchantId', '\u202e1000-TNAHC'],
    ['a first strong isolate', 'acquirerRefId', 'A\u20681'],
    ['a right-to-left mark', 'chargebackReferenceId', 'CB\u200f1'],
  ])('%s in %s', async (_, field, value) => {
    await expectDisputeRefused({ [field]: value }, field, FORM_MESSAGES.unsafeText);
  });

  it('answers a 400 with every bad field of the form, as for the other rules', async () => {
    const reply = await call('POST', '/api/form/disputes', {
      ...shared,
      disputes: [{ ...item, issuerClaimId: 'a\rb', merchantId: 'M\u202e1' }],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.problems).toEqual([
      { field: 'disputes.0.issuerClaimId', message: FORM_MESSAGES.unsafeText },
      { field: 'disputes.0.merchantId', message: FORM_MESSAGES.unsafeText },
    ]);
  });
});

describe('absurd dates and amounts', () => {
  it.each([
    [{ transactionDate: day('1900-01-01') }, 'transactionDate', FORM_MESSAGES.earliestDate],
    [{ transactionDate: day('1999-12-31') }, 'transactionDate', FORM_MESSAGES.earliestDate],
    [{ disputeAmount: 0 }, 'disputeAmount', FORM_MESSAGES.amountAboveZero],
    [{ transactionAmount: 0, disputeAmount: 0.01 }, 'transactionAmount', FORM_MESSAGES.amountAboveZero],
    [{ disputeAmount: 1000, transactionAmount: 1 }, 'disputeAmount', FORM_MESSAGES.disputeAboveTransaction],
    [
      { disputeAmount: 100, transactionAmount: 99.99 },
      'disputeAmount',
      FORM_MESSAGES.disputeAboveTransaction,
    ],
  ])('dispute %o', async (change, field, message) => {
    await expectDisputeRefused(change, field, message);
  });

  it.each([day('1969-12-31'), day('1999-12-31')])('a message date of %i', async (messageDate) => {
    const before = await stored();
    const posted = await call('POST', '/api/form/disputes', { ...shared, messageDate, disputes: [item] });
    expect(posted).toMatchObject({
      status: 400,
      body: { field: 'messageDate', message: FORM_MESSAGES.earliestDate },
    });
    const put = await call('PUT', '/api/form/disputes', {
      recordId: disputeId,
      ...shared,
      ...item,
      messageDate,
    });
    expect(put).toMatchObject({
      status: 400,
      body: { field: 'messageDate', message: FORM_MESSAGES.earliestDate },
    });
    expect(await stored()).toEqual(before);
  });

  it.each([
    [{ startDate: day('1900-01-01') }, 'startDate'],
    [{ startDate: day('1969-12-31'), endDate: day('1969-12-31') }, 'startDate'],
    [{ startDate: day('1999-12-31'), endDate: day('1999-12-31') }, 'startDate'],
  ])('invoice request %o', async (change, field) => {
    const before = await stored();
    const expected = { status: 400, body: { field, message: FORM_MESSAGES.earliestDate } };
    expect(await call('POST', '/api/form/user-invoices', { ...invoice, ...change })).toMatchObject(expected);
    expect(
      await call('PUT', '/api/form/user-invoices', { recordId: invoiceId, ...invoice, ...change }),
    ).toMatchObject(expected);
    expect(await stored()).toEqual(before);
  });

  it('accepts the bounds themselves: 2000-01-01, one cent, a dispute of its whole transaction', async () => {
    const earliest = day('2000-01-01');
    const filed = await call('POST', '/api/form/user-invoices', {
      ...invoice,
      startDate: earliest,
      endDate: earliest,
    });
    expect(filed.status).toBe(201);
    const disputes = await call('POST', '/api/form/disputes', {
      ...shared,
      messageDate: earliest,
      disputes: [{ ...item, transactionDate: earliest, disputeAmount: 0.01, transactionAmount: 0.01 }],
    });
    expect(disputes.status).toBe(201);
  });
});
