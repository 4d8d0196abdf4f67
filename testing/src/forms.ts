// Valid operational form values the form tests start from, each test changing one field.

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
