import { describe, expect, it } from 'vitest';
import {
  batchFileCell,
  batchFileHeader,
  batchFileKey,
  batchFileTrailer,
  type DisputeFileRecord,
  disputeFileLine,
  invoiceFileLine,
} from './batch-file.js';

describe('batch file layout', () => {
  it('writes a header, one line per record with the reason code, and a trailer', () => {
    expect(batchFileHeader('invoices')).toBe('record_id,batch_date,account_number,start_date,end_date\r\n');
    expect(
      disputeFileLine('2026-11-23', {
        recordId: 7,
        retailer: 'bjs',
        messageType: 'outcome-chargeback',
        customerId: '42',
        bin: '630220',
        messageDate: '2026-11-20',
        disputeReasonDesc: 'late presentment',
        transactionDate: '2026-11-10',
        lastFourCardNum: '4242',
        disputeAmountCents: 1250,
        transactionAmountCents: 4000,
        issuerClaimId: 'IC,1',
        issuerClaimTransactionId: '=cmd',
        merchantId: 'M1',
        acquirerRefId: 'A1',
        acquirerClaimId: 'AC',
        chargebackReferenceId: 'CB',
      }),
    ).toBe(
      `7,2026-11-23,bjs,outcome-chargeback,42,630220,2026-11-20,4842,late presentment,2026-11-10,4242,1250,4000,"IC,1",'=cmd,M1,A1,AC,CB\r\n`,
    );
    expect(
      invoiceFileLine('2026-11-23', {
        recordId: 1,
        accountNumber: '1234567890123456',
        startDate: '2026-11-01',
        endDate: '2026-11-02',
      }),
    ).toBe('1,2026-11-23,1234567890123456,2026-11-01,2026-11-02\r\n');
    expect(batchFileTrailer({ batchDate: '2026-11-23', count: 2, totalCents: 500, sha256: 'ab' })).toBe(
      'TRAILER,2026-11-23,2,500,ab\r\n',
    );
    expect(batchFileKey('disputes', '2026-11-23')).toBe('batches/disputes/disputes-batch-2026-11-23.csv');
  });
});

// Issue 23: the writer's own defence, whatever the forms let through (a record stored before
// their rule, or written by hand).
describe('batch file fields', () => {
  const record: DisputeFileRecord = {
    recordId: 7,
    retailer: 'bjs',
    messageType: 'claim-request',
    customerId: '42',
    bin: '630220',
    messageDate: '2026-11-20',
    disputeReasonDesc: 'late presentment',
    transactionDate: '2026-11-10',
    lastFourCardNum: '4242',
    disputeAmountCents: 1250,
    transactionAmountCents: 4000,
    issuerClaimId: 'IC-1',
    issuerClaimTransactionId: 'ICT-1',
    merchantId: 'M1',
    acquirerRefId: 'A1',
    acquirerClaimId: null,
    chargebackReferenceId: null,
  };

  it('write the whole record line, and an empty code for a reason the list does not know (issue 26)', () => {
    expect(disputeFileLine('2026-11-23', record)).toBe(
      '7,2026-11-23,bjs,claim-request,42,630220,2026-11-20,4842,late presentment,2026-11-10,4242,1250,4000,IC-1,ICT-1,M1,A1,,\r\n',
    );
    expect(
      disputeFileLine('2026-11-23', { ...record, disputeReasonDesc: 'stored by hand' }).split(',')[7],
    ).toBe('');
  });

  it('never hold a line break: a planted trailer stays inside its field, on the record line', () => {
    const text = disputeFileLine('2026-11-23', {
      ...record,
      issuerClaimId: 'a\r\nTRAILER,2026-11-23,0,0,x',
      merchantId: 'M\r1',
      acquirerRefId: 'A\n1',
    });
    expect(text.split(/\r\n|\r|\n/)).toEqual([
      '7,2026-11-23,bjs,claim-request,42,630220,2026-11-20,4842,late presentment,2026-11-10,4242,1250,4000,"aTRAILER,2026-11-23,0,0,x",ICT-1,M1,A1,,',
      '',
    ]);
  });

  it.each([
    ['U+2028 and NEL', 'IC\u2028-\u00851', 'IC-1'],
    ['bidi overrides and isolates', '\u202eIC-1\u202c\u2066\u2069', 'IC-1'],
    ['tab and DEL', '\tIC\u007f-1', 'IC-1'],
  ])('drop %s', (_, value, written) => {
    expect(batchFileCell(value)).toBe(written);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['＝HYPERLINK("http://x")', `"'＝HYPERLINK(""http://x"")"`],
    ['＋1', "'＋1"],
    ['－1', "'－1"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
    ['﹦1', "'﹦1"],
    ['\t=1', "'=1"],
    ['\u202e=1', "'=1"],
    ['A-1', 'A-1'],
    ['Ａ＝1', 'Ａ＝1'],
  ])('prefix a formula start, full-width too: %s', (value, written) => {
    expect(batchFileCell(value)).toBe(written);
  });

  it('prefixes a full-width formula start on the record line', () => {
    const text = disputeFileLine('2026-11-23', {
      ...record,
      issuerClaimTransactionId: '＝cmd|" /C calc"!A0',
    });
    expect(text).toContain(`,IC-1,"'＝cmd|"" /C calc""!A0",M1,`);
  });

  it('writes numbers and empty fields as before', () => {
    expect(batchFileCell(1250)).toBe('1250');
    expect(batchFileCell(null)).toBe('');
  });
});

describe('edges of batch file cells (issue 26)', () => {
  it('writes an empty cell for no value, and numbers as they are', () => {
    expect(batchFileCell(null)).toBe('');
    expect(batchFileCell(0)).toBe('0');
    expect(batchFileCell(-5)).toBe("'-5");
  });
});

// Mutation survivors (docs/notes/mutation-survivors.md): the disputes file has its own header.
describe('dispute batch file header', () => {
  it('names the dispute columns, not the invoice ones', () => {
    expect(batchFileHeader('disputes')).toBe(
      'record_id,batch_date,retailer,message_type,customer_id,bin,message_date,dispute_reason_code,' +
        'dispute_reason_desc,transaction_date,last_four_card_num,dispute_amount_cents,transaction_amount_cents,' +
        'issuer_claim_id,issuer_claim_transaction_id,merchant_id,acquirer_ref_id,acquirer_claim_id,' +
        'chargeback_reference_id\r\n',
    );
  });
});
