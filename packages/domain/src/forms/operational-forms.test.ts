import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DISPUTE_BIN,
  DISPUTE_REASONS,
  type DisputeFormInput,
  dateToEpochSeconds,
  disputeFormProblems,
  editedAccountNumber,
  FORM_MESSAGES,
  formatUsd,
  invoiceRequestProblems,
  isRedactedAccountNumber,
  lastFourDigits,
  maskAccountNumber,
  normalizeDispute,
  REDACTED_ACCOUNT_NUMBER_PATTERN,
  redactAccountNumber,
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
    expect(lastFourDigits('1234567890123456')).toBe('3456');
  });
  it('names the lengths in its messages', () => {
    expect(FORM_MESSAGES.accountNumber).toBe('Account number must be 16 digits.');
    expect(FORM_MESSAGES.lastFour).toBe('Last four card digits must be exactly 4 digits.');
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
    [{ transactionAmount: -1 }, 'transactionAmount', FORM_MESSAGES.amountAboveZero],
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
    // Left out of the item (the problems above refuse it before a save): empty, not invented.
    const { acquirerClaimId: _a, chargebackReferenceId: _c, ...withoutClaims } = withClaims;
    expect(normalizeDispute(chargeback, withoutClaims)).toMatchObject({
      acquirerClaimId: '',
      chargebackReferenceId: '',
    });
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

// Issue 23: the bounds a card operations team expects, and the characters a batch file line may not hold.

describe('dates are not before EARLIEST_FORM_DATE (2000-01-01)', () => {
  const invoice = {
    accountNumber: '1234567890123456',
    startDate: day('2026-11-01'),
    endDate: day('2026-11-20'),
  };
  it.each([
    ['startDate', '2000-01-01', []],
    ['startDate', '1999-12-31', [{ field: 'startDate', message: FORM_MESSAGES.earliestDate }]],
    ['startDate', '1900-01-01', [{ field: 'startDate', message: FORM_MESSAGES.earliestDate }]],
    ['endDate', '1969-12-31', [{ field: 'endDate', message: FORM_MESSAGES.earliestDate }]],
  ])('invoice %s of %s', (field, date, expected) => {
    const input = { ...invoice, startDate: day('2000-01-01'), [field]: day(date) };
    expect(invoiceRequestProblems(input, TODAY)).toEqual(expected);
  });

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
  const form = {
    messageType: 'claim-request',
    customerId: '42',
    bin: '630220',
    messageDate: day('2026-11-20'),
  };
  it.each([
    ['2000-01-01', []],
    ['1999-12-31', [{ field: 'messageDate', message: FORM_MESSAGES.earliestDate }]],
    ['1969-12-31', [{ field: 'messageDate', message: FORM_MESSAGES.earliestDate }]],
  ])('message date of %s', (date, expected) => {
    expect(disputeFormProblems({ ...form, messageDate: day(date), disputes: [item] }, TODAY)).toEqual(
      expected,
    );
  });
  it.each([
    ['2000-01-01', []],
    ['1999-12-31', [{ field: 'disputes.0.transactionDate', message: FORM_MESSAGES.earliestDate }]],
    ['1900-01-01', [{ field: 'disputes.0.transactionDate', message: FORM_MESSAGES.earliestDate }]],
  ])('transaction date of %s', (date, expected) => {
    const disputes = [{ ...item, transactionDate: day(date) }];
    expect(disputeFormProblems({ ...form, disputes }, TODAY)).toEqual(expected);
  });
  it('says the earliest day in the portal date format', () =>
    expect(FORM_MESSAGES.earliestDate).toBe('The date cannot be before 01/01/2000.'));
});

describe('amounts are above zero, and a dispute amount is not above its transaction amount', () => {
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
  const form = {
    messageType: 'claim-request',
    customerId: '42',
    bin: '630220',
    messageDate: day('2026-11-20'),
  };
  const problemsOf = (change: object) =>
    disputeFormProblems({ ...form, disputes: [{ ...item, ...change }] }, TODAY);
  const on = (field: string, message: string) => [{ field: `disputes.0.${field}`, message }];

  it.each([
    [{ disputeAmount: 0.01, transactionAmount: 0.01 }, []],
    [{ disputeAmount: 40, transactionAmount: 40 }, []],
    [{ disputeAmount: 0.3, transactionAmount: 0.1 + 0.2 }, []],
    [{ disputeAmount: 0 }, on('disputeAmount', FORM_MESSAGES.amountAboveZero)],
    [{ disputeAmount: -0.01 }, on('disputeAmount', FORM_MESSAGES.amountAboveZero)],
    [{ transactionAmount: 0, disputeAmount: 0.01 }, on('transactionAmount', FORM_MESSAGES.amountAboveZero)],
    [
      { disputeAmount: 40.01, transactionAmount: 40 },
      on('disputeAmount', FORM_MESSAGES.disputeAboveTransaction),
    ],
    [
      { disputeAmount: 1000, transactionAmount: 1 },
      on('disputeAmount', FORM_MESSAGES.disputeAboveTransaction),
    ],
    [{ disputeAmount: 0.001 }, on('disputeAmount', FORM_MESSAGES.amount)],
    // Within the rounding tolerance of whole cents, yet $0.00: not above zero.
    [{ disputeAmount: 1e-8 }, on('disputeAmount', FORM_MESSAGES.amountAboveZero)],
  ])('%o', (change, expected) => expect(problemsOf(change)).toEqual(expected));
});

describe('free-text identifiers hold no line break, control character or text-direction mark', () => {
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
    acquirerClaimId: 'AC-1',
    chargebackReferenceId: 'CB-1',
  };
  const form = {
    messageType: 'outcome-chargeback',
    customerId: '42',
    bin: '630220',
    messageDate: day('2026-11-20'),
  };
  const FIELDS = [
    'issuerClaimId',
    'issuerClaimTransactionId',
    'merchantId',
    'acquirerRefId',
    'acquirerClaimId',
    'chargebackReferenceId',
  ] as const;
  const problemsOf = (field: string, value: string) =>
    disputeFormProblems({ ...form, disputes: [item, { ...item, [field]: value }] }, TODAY);

  it.each(FIELDS)('refuses a planted trailer line in %s', (field) => {
    expect(problemsOf(field, 'a\r\nTRAILER,2026-11-23,0,0,x')).toEqual([
      { field: `disputes.1.${field}`, message: FORM_MESSAGES.unsafeText },
    ]);
  });
  it.each([
    ['LF', 'A\nB'],
    ['CR', 'A\rB'],
    ['tab', 'A\tB'],
    ['U+001F', 'A\u001fB'],
    ['DEL', 'A\u007fB'],
    ['NEL U+0085', 'A\u0085B'],
    ['U+009F', 'A\u009fB'],
    ['right-to-left override', '\u202eA1'],
    ['left-to-right embedding', 'A\u202aB'],
    ['first strong isolate', 'A\u2068B'],
    ['pop directional isolate', 'A\u2069B'],
    ['right-to-left mark', 'A\u200fB'],
    ['left-to-right mark', 'A\u200eB'],
    ['Arabic letter mark', 'A\u061cB'],
    ['line separator', 'A\u2028B'],
  ])('refuses %s inside a value', (_, value) => {
    expect(problemsOf('merchantId', value)).toEqual([
      { field: 'disputes.1.merchantId', message: FORM_MESSAGES.unsafeText },
    ]);
  });
  it.each([
    ['a space', 'A B'],
    ['a no-break space (U+00A0, after C1)', 'A\u00a0B'],
    ['a tilde (U+007E, before DEL)', 'A~B'],
    ['U+206A (after the isolates)', 'A\u206aB'],
    ['U+202F (after the overrides)', 'A\u202fB'],
    ['letters of other scripts', 'Ĳ-ß-ע'],
    ['a trailing line break, which trimming drops', 'IC-1\r\n'],
  ])('accepts %s', (_, value) => {
    expect(problemsOf('merchantId', value)).toEqual([]);
  });
});

describe('the account number the API sends: redacted, and kept when sent back unchanged', () => {
  const valid = {
    accountNumber: '1234567890123456',
    startDate: day('2026-11-01'),
    endDate: day('2026-11-20'),
  };
  it('hides all but the last four, in 16 characters', () => {
    expect(redactAccountNumber('1234567890123456')).toBe('************3456');
    expect(isRedactedAccountNumber('************3456')).toBe(true);
    expect(isRedactedAccountNumber('1234567890123456')).toBe(false);
    expect(isRedactedAccountNumber('***********3456')).toBe(false);
  });
  it('gives the reply schema the pattern of the redacted value', () => {
    expect(REDACTED_ACCOUNT_NUMBER_PATTERN).toBe('^\\*{12}[0-9]{4}$');
    expect(new RegExp(REDACTED_ACCOUNT_NUMBER_PATTERN).test(redactAccountNumber('1234567890123456'))).toBe(
      true,
    );
  });
  it('accepts the redacted value on an edit only when it is the one given', () => {
    const redacted = { ...valid, accountNumber: '************3456' };
    expect(invoiceRequestProblems(redacted, TODAY, '************3456')).toEqual([]);
    const refused = [{ field: 'accountNumber', message: FORM_MESSAGES.accountNumber }];
    expect(invoiceRequestProblems(redacted, TODAY)).toEqual(refused);
    expect(invoiceRequestProblems(redacted, TODAY, '************3457')).toEqual(refused);
    expect(
      invoiceRequestProblems({ ...valid, accountNumber: '****3456' }, TODAY, '************3456'),
    ).toEqual(refused);
    expect(
      invoiceRequestProblems({ ...valid, accountNumber: '9999888877776666' }, TODAY, '************3456'),
    ).toEqual([]);
  });
  it.each([
    ['************3456', '1234567890123456'],
    [' ************3456 ', '1234567890123456'],
    ['9999888877776666', '9999888877776666'],
    ['************3457', null],
    ['****3456', null],
    ['123456789012345', null],
  ])('an edit sending %s stores %s', (sent, expected) => {
    expect(editedAccountNumber(sent, '1234567890123456')).toBe(expected);
  });
});

// Issue 26: each limit at, below and above; each pattern with near misses at both ends; every
// problem asserted with the field it names.
describe('edge values of the dispute form', () => {
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
    acquirerClaimId: 'AC-1',
    chargebackReferenceId: 'CB-1',
  };
  const form: DisputeFormInput = {
    messageType: 'outcome-chargeback',
    customerId: '42',
    bin: '630220',
    messageDate: day('2026-11-20'),
    disputes: [item],
  };
  const itemProblems = (change: object) =>
    disputeFormProblems({ ...form, disputes: [{ ...item, ...change }] }, TODAY);
  const on = (field: string, message: string) => [{ field: `disputes.0.${field}`, message }];

  it.each([
    [49, []],
    [50, []],
    [51, [{ field: 'disputes', message: FORM_MESSAGES.tooManyDisputes }]],
  ])('%i disputes in one form', (count, expected) => {
    expect(disputeFormProblems({ ...form, disputes: Array(count).fill(item) }, TODAY)).toEqual(expected);
  });

  it.each([
    [{ disputeAmount: 9_999_999_999.99, transactionAmount: 9_999_999_999.99 }, []],
    [{ transactionAmount: 10_000_000_000 }, on('transactionAmount', FORM_MESSAGES.amount)],
    [
      { disputeAmount: 10_000_000_000, transactionAmount: 10_000_000_000 },
      [...on('disputeAmount', FORM_MESSAGES.amount), ...on('transactionAmount', FORM_MESSAGES.amount)],
    ],
    [{ disputeAmount: Number.NaN }, on('disputeAmount', FORM_MESSAGES.amount)],
    [{ disputeAmount: Number.POSITIVE_INFINITY }, on('disputeAmount', FORM_MESSAGES.amount)],
    [{ disputeAmount: null }, on('disputeAmount', 'This field is required.')],
    [{ transactionAmount: undefined }, on('transactionAmount', 'This field is required.')],
    [{ disputeAmount: 0.1 + 0.2 }, []],
    [{ disputeAmount: 12.345 }, on('disputeAmount', FORM_MESSAGES.amount)],
  ])('amounts %o', (change, expected) => expect(itemProblems(change)).toEqual(expected));

  it.each([
    ['4242', []],
    ['  4242 ', []],
    ['x4242', on('lastFourCardNum', FORM_MESSAGES.lastFour)],
    ['4242x', on('lastFourCardNum', FORM_MESSAGES.lastFour)],
    ['12345', on('lastFourCardNum', FORM_MESSAGES.lastFour)],
    ['123', on('lastFourCardNum', FORM_MESSAGES.lastFour)],
    ['', on('lastFourCardNum', 'This field is required.')],
  ])('last four digits %o', (lastFourCardNum, expected) =>
    expect(itemProblems({ lastFourCardNum })).toEqual(expected),
  );

  it.each([
    ['1', []],
    [' 0042 ', []],
    ['x1234', [{ field: 'customerId', message: FORM_MESSAGES.customerId }]],
    ['1234x', [{ field: 'customerId', message: FORM_MESSAGES.customerId }]],
    ['12 34', [{ field: 'customerId', message: FORM_MESSAGES.customerId }]],
    ['9'.repeat(40), []],
    ['9'.repeat(41), [{ field: 'customerId', message: 'Customer ID must be at most 40 digits.' }]],
    [' ', [{ field: 'customerId', message: 'This field is required.' }]],
  ])('customer ID %o', (customerId, expected) =>
    expect(disputeFormProblems({ ...form, customerId }, TODAY)).toEqual(expected),
  );

  it('accepts the BIN a new form starts with', () => {
    expect(disputeFormProblems({ ...form, bin: DEFAULT_DISPUTE_BIN }, TODAY)).toEqual([]);
  });

  it.each([
    [{ messageType: '' }, [{ field: 'messageType', message: 'This field is required.' }]],
    [{ messageType: 'claim-request ' }, [{ field: 'messageType', message: FORM_MESSAGES.messageType }]],
    [{ bin: '' }, [{ field: 'bin', message: 'This field is required.' }]],
    [{ bin: '6302200' }, [{ field: 'bin', message: FORM_MESSAGES.bin }]],
    [{ messageDate: null }, [{ field: 'messageDate', message: 'This field is required.' }]],
    [{ messageDate: Number.NaN }, [{ field: 'messageDate', message: FORM_MESSAGES.invalidDate }]],
    [{ messageDate: 400 * 365 * 86_400 }, [{ field: 'messageDate', message: FORM_MESSAGES.futureDate }]],
    [{ messageDate: 400 * 365 * 86_400 + 1 }, [{ field: 'messageDate', message: FORM_MESSAGES.invalidDate }]],
    [
      { messageDate: -400 * 365 * 86_400 - 1 },
      [{ field: 'messageDate', message: FORM_MESSAGES.invalidDate }],
    ],
    [{ messageDate: day(TODAY) + 86_399 }, []],
    [{ messageDate: day(TODAY) + 86_400 }, [{ field: 'messageDate', message: FORM_MESSAGES.futureDate }]],
  ])('shared fields %o', (change, expected) =>
    expect(disputeFormProblems({ ...form, ...change }, TODAY)).toEqual(expected),
  );

  const REQUIRED = [
    'disputeReasonDesc',
    'lastFourCardNum',
    'issuerClaimId',
    'issuerClaimTransactionId',
    'merchantId',
    'acquirerRefId',
    'acquirerClaimId',
    'chargebackReferenceId',
  ] as const;
  it.each(REQUIRED)('names %s when it is blank', (field) => {
    expect(itemProblems({ [field]: '  ' })).toEqual(on(field, 'This field is required.'));
  });
  it.each(['acquirerClaimId', 'chargebackReferenceId'] as const)(
    'names %s when an outcome chargeback leaves it out',
    (field) => expect(itemProblems({ [field]: undefined })).toEqual(on(field, 'This field is required.')),
  );
  it('names the transaction date when it is missing', () => {
    expect(itemProblems({ transactionDate: undefined })).toEqual(
      on('transactionDate', 'This field is required.'),
    );
  });

  it.each([
    ['issuerClaimId', 100, 'Use at most 100 characters.'],
    ['issuerClaimTransactionId', 100, 'Use at most 100 characters.'],
    ['acquirerClaimId', 100, 'Use at most 100 characters.'],
    ['chargebackReferenceId', 100, 'Use at most 100 characters.'],
    ['merchantId', 13, FORM_MESSAGES.merchantId],
    ['acquirerRefId', 23, FORM_MESSAGES.acquirerRefId],
  ] as const)('%s holds %i characters and no more', (field, max, message) => {
    expect(itemProblems({ [field]: 'x'.repeat(max) })).toEqual([]);
    expect(itemProblems({ [field]: ` ${'x'.repeat(max)} ` })).toEqual([]);
    expect(itemProblems({ [field]: 'x'.repeat(max + 1) })).toEqual(on(field, message));
  });

  it('judges each row of several, naming each by its index', () => {
    const disputes = [item, { ...item, merchantId: '' }, item, { ...item, lastFourCardNum: '1' }];
    expect(disputeFormProblems({ ...form, disputes }, TODAY)).toEqual([
      { field: 'disputes.1.merchantId', message: 'This field is required.' },
      { field: 'disputes.3.lastFourCardNum', message: FORM_MESSAGES.lastFour },
    ]);
  });

  it('asks nothing of the claim fields for a claim request, whatever they hold', () => {
    const claim = { ...form, messageType: 'claim-request' };
    const disputes = [{ ...item, acquirerClaimId: 'a\nb', chargebackReferenceId: 'x'.repeat(101) }];
    expect(disputeFormProblems({ ...claim, disputes }, TODAY)).toEqual([]);
  });

  it('stores a chargeback trimmed, dates as days and amounts in whole cents', () => {
    const shared = { ...form, customerId: ' 42 ', bin: ' 630220 ' };
    const stored = normalizeDispute(shared, {
      ...item,
      disputeReasonDesc: ' late presentment ',
      transactionDate: day('2026-11-10') + 86_399,
      lastFourCardNum: ' 4242 ',
      disputeAmount: 0.1 + 0.2,
      transactionAmount: 19.99,
      issuerClaimId: ' IC-1 ',
      issuerClaimTransactionId: ' ICT-1 ',
      merchantId: ' M123 ',
      acquirerRefId: ' ARN-1 ',
      acquirerClaimId: ' AC-1 ',
      chargebackReferenceId: ' CB-1 ',
    });
    expect(stored).toEqual({
      messageType: 'outcome-chargeback',
      customerId: '42',
      bin: '630220',
      messageDate: '2026-11-20',
      disputeReasonDesc: 'late presentment',
      transactionDate: '2026-11-10',
      lastFourCardNum: '4242',
      disputeAmountCents: 30,
      transactionAmountCents: 1999,
      issuerClaimId: 'IC-1',
      issuerClaimTransactionId: 'ICT-1',
      merchantId: 'M123',
      acquirerRefId: 'ARN-1',
      acquirerClaimId: 'AC-1',
      chargebackReferenceId: 'CB-1',
    });
    expect(normalizeDispute(shared, { ...item, acquirerClaimId: undefined })).toMatchObject({
      acquirerClaimId: '',
    });
  });
});

describe('edge values of the invoice request', () => {
  const valid = {
    accountNumber: '1234567890123456',
    startDate: day('2026-11-01'),
    endDate: day('2026-11-20'),
  };
  it.each([
    [' 1234567890123456 ', []],
    ['x1234567890123456', [{ field: 'accountNumber', message: FORM_MESSAGES.accountNumber }]],
    ['1234567890123456x', [{ field: 'accountNumber', message: FORM_MESSAGES.accountNumber }]],
    ['', [{ field: 'accountNumber', message: 'This field is required.' }]],
  ])('account number %o', (accountNumber, expected) =>
    expect(invoiceRequestProblems({ ...valid, accountNumber }, TODAY)).toEqual(expected),
  );
  it('judges start after end by calendar day, not by second', () => {
    const sameDay = { ...valid, startDate: day('2026-11-20') + 3600, endDate: day('2026-11-20') };
    expect(invoiceRequestProblems(sameDay, TODAY)).toEqual([]);
    const dayAfter = { ...valid, startDate: day('2026-11-21'), endDate: day('2026-11-20') + 86_399 };
    expect(invoiceRequestProblems(dayAfter, TODAY)).toEqual([
      { field: 'startDate', message: FORM_MESSAGES.startAfterEnd },
    ]);
  });
  it('reports every broken field at once, and no order problem beside them', () => {
    expect(
      invoiceRequestProblems({ accountNumber: '1', startDate: day('2026-11-24'), endDate: null }, TODAY),
    ).toEqual([
      { field: 'accountNumber', message: FORM_MESSAGES.accountNumber },
      { field: 'startDate', message: FORM_MESSAGES.futureDate },
      { field: 'endDate', message: 'This field is required.' },
    ]);
  });
  it.each([
    ['************3456', true],
    [' ************3456 ', true],
    ['x************3456', false],
    ['************3456x', false],
    ['************345', false],
  ])('%o reads as a redacted number: %s', (value, expected) =>
    expect(isRedactedAccountNumber(value)).toBe(expected),
  );
  it('keeps the account number only when the redacted one sent back is unchanged, trimmed', () => {
    const redacted = { ...valid, accountNumber: ' ************3456 ' };
    expect(invoiceRequestProblems(redacted, TODAY, '************3456')).toEqual([]);
    expect(invoiceRequestProblems({ ...valid, accountNumber: '' }, TODAY, '')).toEqual([
      { field: 'accountNumber', message: 'This field is required.' },
    ]);
  });
});
