import type { NormalizedDispute } from '@portal/domain';

// Valid operational form values the tests start from, each test changing what it is about: the
// forms as a client sends them (epoch seconds, amounts in dollars), and a dispute as it is stored.

/** A calendar day (YYYY-MM-DD) as the epoch seconds the forms send (§3). */
export const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

export const sampleInvoice = {
  accountNumber: '1234567890123456',
  startDate: day('2026-11-01'),
  endDate: day('2026-11-20'),
};

/** The fields a dispute form shares across its disputes. */
export const sampleDisputeShared = {
  messageType: 'outcome-chargeback',
  customerId: '1234',
  bin: '630220',
  messageDate: day('2026-11-20'),
};

/** One dispute of the form. */
export const sampleDispute = {
  disputeReasonDesc: 'late presentment',
  transactionDate: day('2026-11-10'),
  lastFourCardNum: '4242',
  disputeAmount: 12.5,
  transactionAmount: 99.99,
  issuerClaimId: 'IC-1',
  issuerClaimTransactionId: 'ICT-1',
  merchantId: 'MERCHANT-0001',
  acquirerRefId: '12345678901234567890123',
  acquirerClaimId: 'AC-1',
  chargebackReferenceId: 'CB-1',
};

/** A claim-request dispute as stored (`insertDisputes`): dates as YYYY-MM-DD, amounts in cents. */
export function storedDispute(change: Partial<NormalizedDispute> = {}): NormalizedDispute {
  return {
    messageType: 'claim-request',
    customerId: '42',
    bin: sampleDisputeShared.bin,
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
    ...change,
  };
}
