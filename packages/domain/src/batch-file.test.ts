import { describe, expect, it } from 'vitest';
import {
  batchFileHeader,
  batchFileKey,
  batchFileTrailer,
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
