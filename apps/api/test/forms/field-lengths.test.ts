import { FORM_MESSAGES, MAX_DISPUTES_PER_FORM } from '@portal/domain';
import { FORM_TEXT_CAP } from '@portal/domain/api/forms';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { sampleDispute, sampleDisputeShared, sampleInvoice } from '@portal/testing/forms';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Values too long for their field (SPEC.md §5): the form rule answers, 400 with the spec's message
// on the field, never a schema error; the schema's own cap, far above any valid value, only stops
// abuse, and nothing is stored either way.

const TOO_LONG_FOR_ANY_FIELD = 'x'.repeat(FORM_TEXT_CAP + 1);

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

const stored = async () => ({
  invoices: (await t.database.db.selectFrom('customer_invoice_requests').select('record_id').execute())
    .length,
  disputes: (await t.database.db.selectFrom('disputes').select('record_id').execute()).length,
});

beforeAll(async () => {
  t = await createTestApp();
  personas = await seedPersonas(t.database.db);
});
afterAll(async () => t?.close());

const invoice = sampleInvoice;
const shared = sampleDisputeShared;
const item = sampleDispute;
const USE_AT_MOST_100 = 'Use at most 100 characters.';

describe('a value too long for its field gets the rule of its field', () => {
  it.each([
    ['17 digits', '12345678901234567'],
    ['64 digits', '1'.repeat(64)],
    ['200 digits', '9'.repeat(200)],
  ])('account number of %s', async (_, accountNumber) => {
    const before = await stored();
    const reply = await call('POST', '/api/form/user-invoices', { ...invoice, accountNumber });
    expect(reply).toMatchObject({
      status: 400,
      body: { field: 'accountNumber', message: FORM_MESSAGES.accountNumber },
    });
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['customerId', '1'.repeat(41), 'Customer ID must be at most 40 digits.'],
    ['customerId', `${'1'.repeat(150)}a`, FORM_MESSAGES.customerId],
    ['messageType', 'outcome-chargeback'.repeat(5), FORM_MESSAGES.messageType],
    ['bin', '630220'.repeat(10), FORM_MESSAGES.bin],
  ])('shared %s of %#', async (field, value, message) => {
    const before = await stored();
    const reply = await call('POST', '/api/form/disputes', { ...shared, [field]: value, disputes: [item] });
    expect(reply).toMatchObject({ status: 400, body: { field, message } });
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['lastFourCardNum', '42424', FORM_MESSAGES.lastFour],
    ['lastFourCardNum', '4242'.repeat(10), FORM_MESSAGES.lastFour],
    ['merchantId', 'MERCHANT-00012', FORM_MESSAGES.merchantId],
    ['merchantId', 'M'.repeat(101), FORM_MESSAGES.merchantId],
    ['acquirerRefId', '1'.repeat(24), FORM_MESSAGES.acquirerRefId],
    ['acquirerRefId', '1'.repeat(150), FORM_MESSAGES.acquirerRefId],
    ['disputeReasonDesc', 'late presentment '.repeat(20), FORM_MESSAGES.reason],
    ['issuerClaimId', 'I'.repeat(201), USE_AT_MOST_100],
    ['issuerClaimTransactionId', 'T'.repeat(201), USE_AT_MOST_100],
    ['acquirerClaimId', 'A'.repeat(201), USE_AT_MOST_100],
    ['chargebackReferenceId', 'C'.repeat(201), USE_AT_MOST_100],
  ])('dispute %s of %#, on a POST and on a PUT', async (field, value, message) => {
    const before = await stored();
    const posted = await call('POST', '/api/form/disputes', {
      ...shared,
      disputes: [item, { ...item, [field]: value }],
    });
    expect(posted).toMatchObject({ status: 400, body: { field: `disputes.1.${field}`, message } });
    const put = await call('PUT', '/api/form/disputes', { recordId: 1, ...shared, ...item, [field]: value });
    expect(put).toMatchObject({ status: 400, body: { field: `disputes.0.${field}`, message } });
    expect(await stored()).toEqual(before);
  });

  it.each([MAX_DISPUTES_PER_FORM + 1, 200])(
    'a form of %i disputes is refused with the rule on disputes',
    async (count) => {
      const before = await stored();
      const reply = await call('POST', '/api/form/disputes', {
        ...shared,
        disputes: Array.from({ length: count }, () => item),
      });
      expect(reply).toMatchObject({
        status: 400,
        body: { field: 'disputes', message: FORM_MESSAGES.tooManyDisputes },
      });
      expect(await stored()).toEqual(before);
    },
  );

  it('refuses a value past the abuse cap with a 400 naming the field, storing nothing', async () => {
    const before = await stored();
    const reply = await call('POST', '/api/form/disputes', {
      ...shared,
      disputes: [{ ...item, merchantId: TOO_LONG_FOR_ANY_FIELD }],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('merchantId');
    expect(await stored()).toEqual(before);
  });
});
