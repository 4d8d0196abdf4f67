import { describe, expect, it } from 'vitest';
import {
  DISPUTE_REASONS,
  type DisputeFormInput,
  dateToEpochSeconds,
  disputeFormProblems,
  FORM_MESSAGES,
  formatUsd,
  invoiceRequestProblems,
  maskAccountNumber,
  normalizeDispute,
} from './operational-forms.js';

const TODAY = '2026-11-23';
const day = (date: string) => dateToEpochSeconds(date);

describe('customer invoice requests', () => {
  const valid = {
    accountNumber: '1234567890123456',
    startDate: day('2026-11-01'),
    endDate: day('2026-11-20'),
  };
  it('accepts a valid request', () => expect(invoiceRequestProblems(valid, TODAY)).toEqual([]));
  it.each([
    [{ accountNumber: '  ' }, 'accountNumber', 'This field is required.'],
    [{ accountNumber: '123456789012345' }, 'accountNumber', FORM_MESSAGES.accountNumber],
    [{ accountNumber: '12345678901234567' }, 'accountNumber', FORM_MESSAGES.accountNumber],
    [{ accountNumber: '123456789012345a' }, 'accountNumber', FORM_MESSAGES.accountNumber],
    [{ startDate: null }, 'startDate', 'This field is required.'],
    [{ endDate: undefined }, 'endDate', 'This field is required.'],
    [{ endDate: day('2026-11-24') }, 'endDate', FORM_MESSAGES.futureDate],
    [{ startDate: day('2026-11-21') }, 'startDate', FORM_MESSAGES.startAfterEnd],
  ])('refuses %o on %s', (change, field, message) => {
    expect(invoiceRequestProblems({ ...valid, ...change }, TODAY)).toEqual([{ field, message }]);
  });
  it('accepts today and the same start and end day', () => {
    expect(invoiceRequestProblems({ ...valid, startDate: day(TODAY), endDate: day(TODAY) }, TODAY)).toEqual(
      [],
    );
  });
  it('masks the account number to its last four digits', () => {
    expect(maskAccountNumber('1234567890123456')).toBe('•••• •••• •••• 3456');
  });
});

describe('retailer disputes', () => {
  const item = {
    disputeReasonDesc: 'late presentment',
    transactionDate: day('2026-11-10'),
    lastFourCardNum: '4242',
    disputeAmount: 12.5,
    transactionAmount: 40,
    issuerClaimId: 'IC-1',
    issuerClaimTransactionId: 'ICT-1',
    merchantId: 'M123',
    acquirerRefId: 'ARN-1',
  };
  const form: DisputeFormInput = {
    messageType: 'claim-request',
    customerId: '42',
    bin: '630220',
    messageDate: day('2026-11-20'),
    disputes: [item],
  };

  it('lists the 15 reasons of §9 in order with their Mastercard codes', () => {
    expect(DISPUTE_REASONS.map((r) => r.code)).toEqual(
      '4837 4840 4849 4863 4870 4871 4807 4808 4812 4834 4831 4842 4846 4850 4999'.split(' '),
    );
    expect(DISPUTE_REASONS[0].description).toBe('no cardholder authorization');
    expect(DISPUTE_REASONS[14].description).toBe('domestic chargeback dispute');
  });

  it('accepts a valid claim request', () => expect(disputeFormProblems(form, TODAY)).toEqual([]));

  it.each([
    [{ customerId: '' }, 'customerId', 'This field is required.'],
    [{ customerId: '12a' }, 'customerId', FORM_MESSAGES.customerId],
    [{ bin: '123456' }, 'bin', FORM_MESSAGES.bin],
    [{ messageType: 'refund' }, 'messageType', FORM_MESSAGES.messageType],
    [{ messageDate: day('2026-11-24') }, 'messageDate', FORM_MESSAGES.futureDate],
    [{ disputes: [] }, 'disputes', FORM_MESSAGES.noDisputes],
  ])('refuses shared field %o', (change, field, message) => {
    expect(disputeFormProblems({ ...form, ...change }, TODAY)).toEqual([{ field, message }]);
  });

  it.each([
    [{ lastFourCardNum: '123' }, 'lastFourCardNum', FORM_MESSAGES.lastFour],
    [{ merchantId: '12345678901234' }, 'merchantId', FORM_MESSAGES.merchantId],
    [{ acquirerRefId: 'x'.repeat(24) }, 'acquirerRefId', FORM_MESSAGES.acquirerRefId],
    [{ disputeAmount: 1.234 }, 'disputeAmount', FORM_MESSAGES.amount],
    [{ transactionAmount: -1 }, 'transactionAmount', FORM_MESSAGES.amount],
    [{ disputeReasonDesc: 'other' }, 'disputeReasonDesc', FORM_MESSAGES.reason],
    [{ transactionDate: day('2026-12-01') }, 'transactionDate', FORM_MESSAGES.futureDate],
    [{ issuerClaimId: ' ' }, 'issuerClaimId', 'This field is required.'],
  ])('refuses dispute field %o', (change, field, message) => {
    const second = { ...item, ...change };
    expect(disputeFormProblems({ ...form, disputes: [item, second] }, TODAY)).toEqual([
      { field: `disputes.1.${field}`, message },
    ]);
  });

  it('requires the two claim fields for an outcome chargeback and drops them otherwise', () => {
    const chargeback = { ...form, messageType: 'outcome-chargeback' };
    expect(disputeFormProblems(chargeback, TODAY).map((p) => p.field)).toEqual([
      'disputes.0.acquirerClaimId',
      'disputes.0.chargebackReferenceId',
    ]);
    const withClaims = { ...item, acquirerClaimId: 'AC-1', chargebackReferenceId: 'CB-1' };
    expect(normalizeDispute(chargeback, withClaims)).toMatchObject({ acquirerClaimId: 'AC-1' });
    expect(normalizeDispute(form, withClaims)).toMatchObject({
      acquirerClaimId: null,
      chargebackReferenceId: null,
    });
    expect(normalizeDispute(form, item)).toMatchObject({
      disputeAmountCents: 1250,
      messageDate: '2026-11-20',
    });
  });

  it('shows amounts as US dollars', () => expect(formatUsd(123456)).toBe('$1,234.56'));
});
