import { claimBatch, takeBatchRecords } from '@portal/db';
import { FORM_MESSAGES } from '@portal/domain';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { day, sampleDispute, sampleDisputeShared, sampleInvoice } from '@portal/testing/forms';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// SPEC.md §5 and §7 Forms through the real API on its own database: every rule answers 400 with
// the spec's message on its field, a disputes POST is stored whole or not at all, the chargeback
// fields come and go with the message type, and a record a batch has taken answers 409.

const REQUIRED = 'This field is required.';
// The app's clock, set by the tests: Monday 23 November 2026 (a business day), 7:59 PM New York time.
const MONDAY_7_59_PM_ET = new Date('2026-11-24T00:59:00Z');
const MONDAY_8_PM_ET = new Date('2026-11-24T01:00:00Z');
let now = MONDAY_7_59_PM_ET;
const TOMORROW = Math.floor(now.getTime() / 1000) + 2 * 86_400;

let t: TestApp;
let personas: SeededPersonas;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const reply = await t.app.inject({
    method,
    url,
    headers: await personas.headers('internalOperations'),
    ...(payload ? { payload } : {}),
  });
  return {
    status: reply.statusCode,
    body: reply.json() as Record<string, unknown> & Record<number, Record<string, unknown>>,
  };
}

/** A list reply's rows. */
const rows = (body: unknown) => body as Record<string, unknown>[];

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
  personas = await seedPersonas(t.database.db);
});
afterAll(async () => t?.close());

const invoice = sampleInvoice;

describe('customer invoice requests', () => {
  it.each([
    [{ accountNumber: undefined }, 'accountNumber', REQUIRED],
    [{ accountNumber: '   ' }, 'accountNumber', REQUIRED],
    [{ accountNumber: '123456789012345' }, 'accountNumber', FORM_MESSAGES.accountNumber],
    [{ accountNumber: '1234-5678-9012-3456' }, 'accountNumber', FORM_MESSAGES.accountNumber],
    [{ startDate: null }, 'startDate', REQUIRED],
    [{ endDate: undefined }, 'endDate', REQUIRED],
    [{ startDate: TOMORROW, endDate: TOMORROW }, 'startDate', FORM_MESSAGES.futureDate],
    [{ endDate: TOMORROW }, 'endDate', FORM_MESSAGES.futureDate],
    [{ startDate: day('2026-11-21') }, 'startDate', FORM_MESSAGES.startAfterEnd],
  ])('refuses %o with 400 on %s', async (change, field, message) => {
    const reply = await call('POST', '/api/form/user-invoices', { ...invoice, ...change });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message, field });
  });

  it('files, edits and deletes a pending request, in the batch its time gives', async () => {
    const created = await call('POST', '/api/form/user-invoices', invoice);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ...invoice,
      accountNumber: '************3456',
      status: 'pending',
      batchId: null,
    });
    // Before 11:30 PM ET on a business day: that day's batch.
    expect(created.body.batchDate).toBe('2026-11-23');

    const edited = await call('PUT', '/api/form/user-invoices', {
      recordId: created.body.recordId,
      ...invoice,
      accountNumber: '9999888877776666',
    });
    expect(edited).toMatchObject({ status: 200, body: { accountNumber: '************6666' } });
    const bad = await call('PUT', '/api/form/user-invoices', {
      recordId: created.body.recordId,
      ...invoice,
      accountNumber: '1',
    });
    expect(bad).toMatchObject({ status: 400, body: { field: 'accountNumber' } });

    expect((await call('DELETE', `/api/form/user-invoices/${created.body.recordId}`)).status).toBe(200);
    const list = await call('GET', '/api/form/user-invoices');
    expect(rows(list.body).some((r) => r.recordId === created.body.recordId)).toBe(false);
    expect((await call('DELETE', `/api/form/user-invoices/${created.body.recordId}`)).status).toBe(404);
  });

  it('answers 409 to editing or deleting a request a batch has taken', async () => {
    const created = await call('POST', '/api/form/user-invoices', invoice);
    const recordId = created.body.recordId as number;
    await t.database.db
      .updateTable('customer_invoice_requests')
      .set({ batch_date: '2026-01-02' })
      .where('record_id', '=', recordId)
      .execute();
    const batchId = await claimBatch(t.database.db, 'invoices', {
      batchDate: '2026-01-02',
      scheduledFor: now,
      startedAt: now,
      late: false,
    });
    await takeBatchRecords(t.database.db, 'invoices', batchId!, '2026-01-02');
    const edit = await call('PUT', '/api/form/user-invoices', { recordId, ...invoice });
    expect(edit).toEqual({ status: 409, body: { message: FORM_MESSAGES.batched } });
    expect(await call('DELETE', `/api/form/user-invoices/${recordId}`)).toEqual({
      status: 409,
      body: { message: FORM_MESSAGES.batched },
    });
    const list = await call('GET', '/api/form/user-invoices');
    expect(rows(list.body).find((r) => r.recordId === recordId)).toMatchObject({
      status: 'processed',
      batchId,
    });
  });
});

const shared = { ...sampleDisputeShared, messageType: 'claim-request' };
const { acquirerClaimId: _claim, chargebackReferenceId: _chargeback, ...claimRequest } = sampleDispute;
const item = { ...claimRequest, disputeReasonDesc: 'no cardholder authorization' };

async function pendingCount() {
  return Object.keys((await call('GET', '/api/form/disputes')).body).length;
}

describe('retailer disputes', () => {
  it.each([
    [{ messageType: '' }, 'messageType', REQUIRED],
    [{ messageType: 'refund' }, 'messageType', FORM_MESSAGES.messageType],
    [{ customerId: undefined }, 'customerId', REQUIRED],
    [{ customerId: '12a4' }, 'customerId', FORM_MESSAGES.customerId],
    [{ bin: '' }, 'bin', REQUIRED],
    [{ bin: '630221' }, 'bin', FORM_MESSAGES.bin],
    [{ messageDate: null }, 'messageDate', REQUIRED],
    [{ messageDate: TOMORROW }, 'messageDate', FORM_MESSAGES.futureDate],
    [{ disputes: [] }, 'disputes', FORM_MESSAGES.noDisputes],
  ])('refuses shared field %o with 400', async (change, field, message) => {
    const reply = await call('POST', '/api/form/disputes', { ...shared, disputes: [item], ...change });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message, field });
  });

  it.each([
    [{ disputeReasonDesc: '' }, 'disputeReasonDesc', REQUIRED],
    [{ disputeReasonDesc: 'changed my mind' }, 'disputeReasonDesc', FORM_MESSAGES.reason],
    [{ transactionDate: undefined }, 'transactionDate', REQUIRED],
    [{ transactionDate: TOMORROW }, 'transactionDate', FORM_MESSAGES.futureDate],
    [{ lastFourCardNum: '424' }, 'lastFourCardNum', FORM_MESSAGES.lastFour],
    [{ lastFourCardNum: '42a2' }, 'lastFourCardNum', FORM_MESSAGES.lastFour],
    [{ disputeAmount: null }, 'disputeAmount', REQUIRED],
    [{ disputeAmount: 1.005 }, 'disputeAmount', FORM_MESSAGES.amount],
    [{ transactionAmount: -5 }, 'transactionAmount', FORM_MESSAGES.amountAboveZero],
    [{ issuerClaimId: ' ' }, 'issuerClaimId', REQUIRED],
    [{ issuerClaimTransactionId: undefined }, 'issuerClaimTransactionId', REQUIRED],
    [{ merchantId: 'MERCHANT-00012' }, 'merchantId', FORM_MESSAGES.merchantId],
    [{ acquirerRefId: '123456789012345678901234' }, 'acquirerRefId', FORM_MESSAGES.acquirerRefId],
    [{ acquirerRefId: '' }, 'acquirerRefId', REQUIRED],
  ])('refuses dispute field %o with 400 and stores none of the five', async (change, field, message) => {
    const before = await pendingCount();
    const disputes = [item, item, item, { ...item, ...change }, item];
    const reply = await call('POST', '/api/form/disputes', { ...shared, disputes });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message, field: `disputes.3.${field}` });
    expect(await pendingCount()).toBe(before);
  });

  it('stores five valid disputes at once, with amounts in dollars and the batch of their time', async () => {
    now = MONDAY_7_59_PM_ET;
    const before = await pendingCount();
    const reply = await call('POST', '/api/form/disputes', {
      ...shared,
      disputes: [item, item, item, item, item],
    });
    expect(reply.status).toBe(201);
    expect(Object.keys(reply.body)).toHaveLength(5);
    expect(reply.body[0]).toMatchObject({ ...shared, ...item, retailer: 'bjs', status: 'pending' });
    // A minute before 8 PM ET on a business day: that day's batch.
    expect(reply.body[0]?.batchDate).toBe('2026-11-23');
    expect(await pendingCount()).toBe(before + 5);
  });

  it("files a dispute sent at 8 PM ET in the next business day's batch", async () => {
    now = MONDAY_8_PM_ET;
    try {
      const reply = await call('POST', '/api/form/disputes', { ...shared, disputes: [item] });
      expect(reply.status).toBe(201);
      expect(reply.body[0]?.batchDate).toBe('2026-11-24');
    } finally {
      now = MONDAY_7_59_PM_ET;
    }
  });

  it('requires the two claim fields for an outcome chargeback, and drops them when the type switches away', async () => {
    const chargeback = { ...shared, messageType: 'outcome-chargeback' };
    const missing = await call('POST', '/api/form/disputes', { ...chargeback, disputes: [item] });
    expect(missing.status).toBe(400);
    expect(missing.body.problems).toEqual([
      { field: 'disputes.0.acquirerClaimId', message: REQUIRED },
      { field: 'disputes.0.chargebackReferenceId', message: REQUIRED },
    ]);

    const claims = { acquirerClaimId: 'AC-77', chargebackReferenceId: 'CB-77' };
    const created = await call('POST', '/api/form/disputes', {
      ...chargeback,
      disputes: [{ ...item, ...claims }],
    });
    expect(created.status).toBe(201);
    expect(created.body[0]).toMatchObject(claims);

    const recordId = created.body[0]?.recordId as number;
    const switched = await call('PUT', '/api/form/disputes', { recordId, ...shared, ...item, ...claims });
    expect(switched.status).toBe(200);
    expect(switched.body).not.toHaveProperty('acquirerClaimId');
    expect(switched.body).not.toHaveProperty('chargebackReferenceId');
    const row = await t.database.db
      .selectFrom('disputes')
      .select(['acquirer_claim_id', 'chargeback_reference_id', 'message_type'])
      .where('record_id', '=', recordId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      acquirer_claim_id: null,
      chargeback_reference_id: null,
      message_type: 'claim-request',
    });

    const sentAnyway = await call('POST', '/api/form/disputes', {
      ...shared,
      disputes: [{ ...item, ...claims }],
    });
    expect(sentAnyway.status).toBe(201);
    expect(sentAnyway.body[0]).not.toHaveProperty('acquirerClaimId');
  });

  it('answers 409 on a batched dispute and lists it in the history', async () => {
    const created = await call('POST', '/api/form/disputes', { ...shared, disputes: [item] });
    const recordId = created.body[0]?.recordId as number;
    await t.database.db
      .updateTable('disputes')
      .set({ batch_date: '2026-01-05' })
      .where('record_id', '=', recordId)
      .execute();
    const batchId = await claimBatch(t.database.db, 'disputes', {
      batchDate: '2026-01-05',
      scheduledFor: now,
      startedAt: now,
      late: false,
    });
    await takeBatchRecords(t.database.db, 'disputes', batchId!, '2026-01-05');
    expect(await call('PUT', '/api/form/disputes', { recordId, ...shared, ...item })).toEqual({
      status: 409,
      body: { message: FORM_MESSAGES.batched },
    });
    expect((await call('DELETE', `/api/form/disputes/${recordId}`)).status).toBe(409);
    const history = await call('GET', '/api/form/disputes/history');
    expect(rows(history.body).find((d) => d.recordId === recordId)).toMatchObject({
      status: 'processed',
      batchId,
    });
    const pending = await call('GET', '/api/form/disputes');
    expect(rows(pending.body).some((d) => d.recordId === recordId)).toBe(false);
  });

  it('deletes a pending dispute', async () => {
    const created = await call('POST', '/api/form/disputes', { ...shared, disputes: [item] });
    const recordId = created.body[0]?.recordId as number;
    expect((await call('DELETE', `/api/form/disputes/${recordId}`)).status).toBe(200);
    expect((await call('DELETE', `/api/form/disputes/${recordId}`)).status).toBe(404);
  });
});
