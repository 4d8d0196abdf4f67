import { FORM_MESSAGES } from '@portal/domain';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, expect, it } from 'vitest';

// Issue 23: the customer invoice replies carry the account number redacted, as the screens show
// it (docs/batch-files.md); only the database and the batch file hold it whole. An edit that
// sends the redacted value back unchanged keeps the stored number; anything else must be 16 digits.

const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
const NUMBER = '4111222233338642';
const invoice = { accountNumber: NUMBER, startDate: day('2026-11-01'), endDate: day('2026-11-20') };

let t: TestApp;
let personas: SeededPersonas;

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const reply = await t.app.inject({
    method,
    url,
    headers: await personas.headers('internalOperations'),
    ...(payload ? { payload } : {}),
  });
  return { status: reply.statusCode, text: reply.body, body: reply.json() as Record<string, unknown> };
}

const storedNumber = async (recordId: number) =>
  (
    await t.database.db
      .selectFrom('customer_invoice_requests')
      .select('account_number')
      .where('record_id', '=', recordId)
      .executeTakeFirstOrThrow()
  ).account_number;

beforeAll(async () => {
  t = await createTestApp();
  personas = await seedPersonas(t.database.db);
});
afterAll(async () => t?.close());

it('sends no whole account number: the list, the create and the edit replies show the last four', async () => {
  const created = await call('POST', '/api/form/user-invoices', invoice);
  await call('POST', '/api/form/user-invoices', { ...invoice, accountNumber: '5500000000000004' });
  expect(created).toMatchObject({ status: 201, body: { accountNumber: '************8642' } });
  expect(created.text).not.toMatch(/[0-9]{16}/);
  const list = await call('GET', '/api/form/user-invoices');
  expect(list.status).toBe(200);
  expect(list.text).not.toMatch(/[0-9]{16}/);
  expect((list.body as unknown as { accountNumber: string }[]).map((r) => r.accountNumber).sort()).toEqual([
    '************0004',
    '************8642',
  ]);
  const edited = await call('PUT', '/api/form/user-invoices', {
    ...invoice,
    recordId: created.body.recordId,
    accountNumber: '4000123412341234',
  });
  expect(edited).toMatchObject({ status: 200, body: { accountNumber: '************1234' } });
  expect(edited.text).not.toMatch(/[0-9]{16}/);
});

it('keeps the stored number when an edit sends the redacted value back unchanged', async () => {
  const created = await call('POST', '/api/form/user-invoices', invoice);
  const recordId = created.body.recordId as number;
  const edited = await call('PUT', '/api/form/user-invoices', {
    recordId,
    accountNumber: created.body.accountNumber,
    startDate: day('2026-11-02'),
    endDate: invoice.endDate,
  });
  expect(edited).toMatchObject({
    status: 200,
    body: { accountNumber: '************8642', startDate: day('2026-11-02') },
  });
  expect(await storedNumber(recordId)).toBe(NUMBER);

  const changed = await call('PUT', '/api/form/user-invoices', {
    ...invoice,
    recordId,
    accountNumber: '4999888877776666',
  });
  expect(changed.status).toBe(200);
  expect(await storedNumber(recordId)).toBe('4999888877776666');
});

it.each([
  ['a redacted value of other last four', '************8643'],
  ['a shorter redaction', '****8642'],
  ['the display mask of the list', '•••• •••• •••• 8642'],
  ['15 digits', '411122223333864'],
  ['a number with dashes', '4111-2222-3333-8642'],
])('refuses %s with 400 on accountNumber and changes nothing', async (_, accountNumber) => {
  const created = await call('POST', '/api/form/user-invoices', invoice);
  const recordId = created.body.recordId as number;
  const reply = await call('PUT', '/api/form/user-invoices', { ...invoice, recordId, accountNumber });
  expect(reply).toMatchObject({
    status: 400,
    body: { field: 'accountNumber', message: FORM_MESSAGES.accountNumber },
  });
  expect(await storedNumber(recordId)).toBe(NUMBER);
});

it('refuses a redacted value on a new request, which has no number to keep', async () => {
  const before = await t.database.db.selectFrom('customer_invoice_requests').select('record_id').execute();
  const reply = await call('POST', '/api/form/user-invoices', {
    ...invoice,
    accountNumber: '************8642',
  });
  expect(reply).toMatchObject({ status: 400, body: { field: 'accountNumber' } });
  expect(await t.database.db.selectFrom('customer_invoice_requests').select('record_id').execute()).toEqual(
    before,
  );
});
