import { type FieldProblem, problems, requiredProblem } from '../common/field-problem.js';
import { EARLIEST_FORM_DATE } from '../common/limits.js';
import { MESSAGES } from '../common/messages.js';
import { formatUsDate } from '../time/iso-date.js';
import { hasUnsafeFormCharacter } from './operational-forms-text.js';

// The operational forms' rules (SPEC.md §3, §4, §5, §9): customer invoice requests and retailer
// disputes. The SPA runs them before sending and the API runs them again; dates arrive as epoch
// seconds (§3) and are calendar days in UTC (§9), compared with today's UTC date. Bounds beyond
// the spec (issue 23): dates from EARLIEST_FORM_DATE to today, amounts above zero, a dispute
// amount not above its transaction amount, and free-text identifiers without line breaks, other
// control characters or text-direction marks (operational-forms-text.ts).

/** FORMS_RETAILER: the retailer of /forms/{retailer}-disputes, a lower-case URL segment. */
export const DEFAULT_FORMS_RETAILER = 'bjs';
export const FORMS_RETAILER_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';

export const ACCOUNT_NUMBER_LENGTH = 16;
export const MERCHANT_ID_MAX = 13;
export const ACQUIRER_REF_ID_MAX = 23;
export const LAST_FOUR_LENGTH = 4;
export const DISPUTE_BINS = ['630220'] as const;
/** The BIN a new dispute form starts with: the only one there is. */
export const DEFAULT_DISPUTE_BIN = DISPUTE_BINS[0];
export const DISPUTE_MESSAGE_TYPES = ['claim-request', 'outcome-chargeback'] as const;
export type DisputeMessageType = (typeof DISPUTE_MESSAGE_TYPES)[number];
/** The most disputes one form may send at once. */
export const MAX_DISPUTES_PER_FORM = 50;

/** §9's 15 reasons in the spec's order, with the Mastercard chargeback message reason code of each. */
export const DISPUTE_REASONS = [
  { code: '4837', description: 'no cardholder authorization' },
  { code: '4840', description: 'fraudulent processing of transactions' },
  { code: '4849', description: 'questionable merchant activity' },
  { code: '4863', description: 'cardholder does not recognize potential fraud' },
  { code: '4870', description: 'chip liability shift' },
  { code: '4871', description: 'chip PIN liability shift' },
  { code: '4807', description: 'warning bulletin file' },
  { code: '4808', description: 'authorization-related chargeback' },
  { code: '4812', description: 'account number not on file' },
  { code: '4834', description: 'point of interaction error' },
  { code: '4831', description: 'transaction amount differs' },
  { code: '4842', description: 'late presentment' },
  { code: '4846', description: 'correct transaction currency code not provided' },
  { code: '4850', description: 'installment billing dispute' },
  { code: '4999', description: 'domestic chargeback dispute' },
] as const;

export function disputeReasonCode(description: string): string | undefined {
  return DISPUTE_REASONS.find((reason) => reason.description === description)?.code;
}

export const FORM_MESSAGES = {
  accountNumber: `Account number must be ${ACCOUNT_NUMBER_LENGTH} digits.`,
  futureDate: 'The date cannot be in the future.',
  earliestDate: `The date cannot be before ${formatUsDate(EARLIEST_FORM_DATE)}.`,
  invalidDate: 'Enter a valid date.',
  startAfterEnd: 'Start date must be on or before the end date.',
  customerId: 'Customer ID must contain digits only.',
  lastFour: `Last four card digits must be exactly ${LAST_FOUR_LENGTH} digits.`,
  merchantId: `Merchant ID must be at most ${MERCHANT_ID_MAX} characters.`,
  acquirerRefId: `Acquirer reference ID must be at most ${ACQUIRER_REF_ID_MAX} characters.`,
  reason: 'Choose one of the listed dispute reasons.',
  bin: 'Choose the BIN from the list.',
  messageType: 'Choose claim-request or outcome-chargeback.',
  amount: 'Enter an amount in US dollars with at most two decimals.',
  amountAboveZero: 'Enter an amount above zero.',
  disputeAboveTransaction: 'The dispute amount cannot be more than the transaction amount.',
  unsafeText:
    'This value cannot contain line breaks, tabs, other control characters or text-direction marks.',
  noDisputes: 'Add at least one dispute.',
  tooManyDisputes: `At most ${MAX_DISPUTES_PER_FORM} disputes can be sent at once.`,
  batched: 'This record has already been processed in a batch and can no longer be changed or deleted.',
  notFound: 'The record was not found.',
} as const;

const DAY_SECONDS = 86_400;
const MAX_AMOUNT_CENTS = 999_999_999_999;

/** The UTC calendar date of epoch seconds, 'YYYY-MM-DD'. */
export function epochSecondsToDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** Midnight UTC of a 'YYYY-MM-DD' date, in epoch seconds (how the API answers dates). */
export function dateToEpochSeconds(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 1000;
}

type DateValue = number | null | undefined;

function dateProblem<F extends string>(field: F, value: DateValue, today: string): FieldProblem<F> | null {
  if (value === null || value === undefined) return { field, message: MESSAGES.required };
  if (!Number.isFinite(value) || Math.abs(value) > 400 * 365 * DAY_SECONDS)
    return { field, message: FORM_MESSAGES.invalidDate };
  const date = epochSecondsToDate(value);
  if (date < EARLIEST_FORM_DATE) return { field, message: FORM_MESSAGES.earliestDate };
  return date > today ? { field, message: FORM_MESSAGES.futureDate } : null;
}

// Each check below follows the field's required check: a blank value is refused as required (the
// first problem of a field is the one kept), so none of them needs to pass over blanks itself.

function patternProblem<F extends string>(field: F, value: string, pattern: RegExp, message: string) {
  return pattern.test(value.trim()) ? null : { field, message };
}

function maxProblem<F extends string>(
  field: F,
  value: string | null | undefined,
  max: number,
  message: string,
) {
  return (value?.trim().length ?? 0) > max ? { field, message } : null;
}

/** Judged on the trimmed value, the one stored: a pasted trailing tab or line break is dropped. */
function unsafeTextProblem<F extends string>(field: F, value: string | null | undefined) {
  return value != null && hasUnsafeFormCharacter(value.trim())
    ? { field, message: FORM_MESSAGES.unsafeText }
    : null;
}

// ---------------------------------------------------------------------------------------------
// Customer invoice requests

export type InvoiceRequestInput = {
  accountNumber: string;
  startDate: DateValue;
  endDate: DateValue;
};
export type InvoiceField = keyof InvoiceRequestInput;

const ACCOUNT_NUMBER = new RegExp(`^[0-9]{${ACCOUNT_NUMBER_LENGTH}}$`);
const LAST_FOUR = new RegExp(`^[0-9]{${LAST_FOUR_LENGTH}}$`);
/** What redactAccountNumber gives, as a pattern (the reply schema's too). */
export const REDACTED_ACCOUNT_NUMBER_PATTERN = `^\\*{${ACCOUNT_NUMBER_LENGTH - LAST_FOUR_LENGTH}}[0-9]{${LAST_FOUR_LENGTH}}$`;
const REDACTED_ACCOUNT_NUMBER = new RegExp(REDACTED_ACCOUNT_NUMBER_PATTERN);

/**
 * §5: account number required, 16 digits; both dates required, not in the future and not before
 * EARLIEST_FORM_DATE. A start after the end is refused (not swapped): the user may have mistyped
 * either date. On an edit, `keptAccountNumber` is the redacted number the API sent: sent back
 * unchanged, it keeps the stored number.
 */
export function invoiceRequestProblems(
  input: InvoiceRequestInput,
  today: string,
  keptAccountNumber?: string,
): FieldProblem<InvoiceField>[] {
  const keeps = keptAccountNumber !== undefined && input.accountNumber.trim() === keptAccountNumber;
  const found = problems<InvoiceField>(
    requiredProblem('accountNumber', input.accountNumber),
    keeps
      ? null
      : patternProblem('accountNumber', input.accountNumber, ACCOUNT_NUMBER, FORM_MESSAGES.accountNumber),
    dateProblem('startDate', input.startDate, today),
    dateProblem('endDate', input.endDate, today),
  );
  if (
    found.length === 0 &&
    epochSecondsToDate(input.startDate as number) > epochSecondsToDate(input.endDate as number)
  ) {
    found.push({ field: 'startDate', message: FORM_MESSAGES.startAfterEnd });
  }
  return found;
}

/** The last four digits of an account number, all a screen shows of it. */
export function lastFourDigits(accountNumber: string): string {
  return accountNumber.slice(-LAST_FOUR_LENGTH);
}

/** The account number as the list shows it: its last four digits only. */
export function maskAccountNumber(accountNumber: string): string {
  return `•••• •••• •••• ${lastFourDigits(accountNumber)}`;
}

/**
 * The account number as the API sends it (docs/batch-files.md: the screens show the last four,
 * only the batch file has it whole): twelve asterisks and the last four, 16 characters like the
 * number itself, so the edit form's field holds it as it is.
 */
export function redactAccountNumber(accountNumber: string): string {
  return `${'*'.repeat(ACCOUNT_NUMBER_LENGTH - LAST_FOUR_LENGTH)}${lastFourDigits(accountNumber)}`;
}

/** True for a value shaped like redactAccountNumber's, whichever number it hides. */
export function isRedactedAccountNumber(value: string): boolean {
  return REDACTED_ACCOUNT_NUMBER.test(value.trim());
}

/**
 * The account number an edit stores: the stored one when the edit sends back its redacted form
 * unchanged, the sent one when it is 16 digits, else null (refused with the account number rule).
 */
export function editedAccountNumber(sent: string, stored: string): string | null {
  const value = sent.trim();
  if (value === redactAccountNumber(stored)) return stored;
  return ACCOUNT_NUMBER.test(value) ? value : null;
}

// ---------------------------------------------------------------------------------------------
// Retailer disputes

export type DisputeItemInput = {
  disputeReasonDesc: string;
  transactionDate: DateValue;
  lastFourCardNum: string;
  disputeAmount: number | null | undefined;
  transactionAmount: number | null | undefined;
  issuerClaimId: string;
  issuerClaimTransactionId: string;
  merchantId: string;
  acquirerRefId: string;
  acquirerClaimId?: string | null | undefined;
  chargebackReferenceId?: string | null | undefined;
};

export type DisputeSharedInput = {
  messageType: string;
  customerId: string;
  bin: string;
  messageDate: DateValue;
};

export type DisputeFormInput = DisputeSharedInput & { disputes: DisputeItemInput[] };

function amountProblem<F extends string>(field: F, value: number | null | undefined) {
  if (value === null || value === undefined) return { field, message: MESSAGES.required };
  const cents = value * 100;
  if (!Number.isFinite(value) || Math.abs(cents - Math.round(cents)) > 1e-6 || cents > MAX_AMOUNT_CENTS)
    return { field, message: FORM_MESSAGES.amount };
  // Judged in whole cents, as the batch file writes it: 0.00000001 is $0.00, not above zero.
  return Math.round(cents) <= 0 ? { field, message: FORM_MESSAGES.amountAboveZero } : null;
}

/** A dispute claims part or all of its transaction, never more; judged once both amounts are valid. */
function disputeAboveTransactionProblem<F extends string>(field: F, item: DisputeItemInput) {
  const { disputeAmount, transactionAmount } = item;
  if (amountProblem(field, disputeAmount) || amountProblem(field, transactionAmount)) return null;
  return toCents(disputeAmount as number) > toCents(transactionAmount as number)
    ? { field, message: FORM_MESSAGES.disputeAboveTransaction }
    : null;
}

/** Amount in dollars to whole cents (the batch file and totals work in cents). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function sharedDisputeProblems(input: DisputeSharedInput, today: string): FieldProblem[] {
  return problems<string>(
    requiredProblem('messageType', input.messageType),
    (DISPUTE_MESSAGE_TYPES as readonly string[]).includes(input.messageType)
      ? null
      : { field: 'messageType', message: FORM_MESSAGES.messageType },
    requiredProblem('customerId', input.customerId),
    patternProblem('customerId', input.customerId, /^[0-9]+$/, FORM_MESSAGES.customerId),
    maxProblem('customerId', input.customerId, 40, 'Customer ID must be at most 40 digits.'),
    requiredProblem('bin', input.bin),
    (DISPUTE_BINS as readonly string[]).includes(input.bin)
      ? null
      : { field: 'bin', message: FORM_MESSAGES.bin },
    dateProblem('messageDate', input.messageDate, today),
  );
}

const TEXT_MAX = 100;

/** The problems of one dispute row; fields are named `disputes.<index>.<field>`. */
export function disputeItemProblems(
  item: DisputeItemInput,
  messageType: string,
  today: string,
  index: number,
): FieldProblem[] {
  const f = (name: keyof DisputeItemInput) => `disputes.${index}.${name}`;
  const chargeback = messageType === 'outcome-chargeback';
  return problems<string>(
    requiredProblem(f('disputeReasonDesc'), item.disputeReasonDesc),
    disputeReasonCode(item.disputeReasonDesc) !== undefined
      ? null
      : { field: f('disputeReasonDesc'), message: FORM_MESSAGES.reason },
    dateProblem(f('transactionDate'), item.transactionDate, today),
    requiredProblem(f('lastFourCardNum'), item.lastFourCardNum),
    patternProblem(f('lastFourCardNum'), item.lastFourCardNum, LAST_FOUR, FORM_MESSAGES.lastFour),
    amountProblem(f('disputeAmount'), item.disputeAmount),
    disputeAboveTransactionProblem(f('disputeAmount'), item),
    amountProblem(f('transactionAmount'), item.transactionAmount),
    requiredProblem(f('issuerClaimId'), item.issuerClaimId),
    unsafeTextProblem(f('issuerClaimId'), item.issuerClaimId),
    maxProblem(f('issuerClaimId'), item.issuerClaimId, TEXT_MAX, `Use at most ${TEXT_MAX} characters.`),
    requiredProblem(f('issuerClaimTransactionId'), item.issuerClaimTransactionId),
    unsafeTextProblem(f('issuerClaimTransactionId'), item.issuerClaimTransactionId),
    maxProblem(
      f('issuerClaimTransactionId'),
      item.issuerClaimTransactionId,
      TEXT_MAX,
      `Use at most ${TEXT_MAX} characters.`,
    ),
    requiredProblem(f('merchantId'), item.merchantId),
    unsafeTextProblem(f('merchantId'), item.merchantId),
    maxProblem(f('merchantId'), item.merchantId, MERCHANT_ID_MAX, FORM_MESSAGES.merchantId),
    requiredProblem(f('acquirerRefId'), item.acquirerRefId),
    unsafeTextProblem(f('acquirerRefId'), item.acquirerRefId),
    maxProblem(f('acquirerRefId'), item.acquirerRefId, ACQUIRER_REF_ID_MAX, FORM_MESSAGES.acquirerRefId),
    chargeback ? requiredProblem(f('acquirerClaimId'), item.acquirerClaimId) : null,
    chargeback ? unsafeTextProblem(f('acquirerClaimId'), item.acquirerClaimId) : null,
    chargeback
      ? maxProblem(
          f('acquirerClaimId'),
          item.acquirerClaimId,
          TEXT_MAX,
          `Use at most ${TEXT_MAX} characters.`,
        )
      : null,
    chargeback ? requiredProblem(f('chargebackReferenceId'), item.chargebackReferenceId) : null,
    chargeback ? unsafeTextProblem(f('chargebackReferenceId'), item.chargebackReferenceId) : null,
    chargeback
      ? maxProblem(
          f('chargebackReferenceId'),
          item.chargebackReferenceId,
          TEXT_MAX,
          `Use at most ${TEXT_MAX} characters.`,
        )
      : null,
  );
}

/** Every problem of a dispute form: the shared fields, then each dispute row in order. */
export function disputeFormProblems(input: DisputeFormInput, today: string): FieldProblem[] {
  const found = sharedDisputeProblems(input, today);
  if (input.disputes.length === 0) found.push({ field: 'disputes', message: FORM_MESSAGES.noDisputes });
  if (input.disputes.length > MAX_DISPUTES_PER_FORM)
    found.push({ field: 'disputes', message: FORM_MESSAGES.tooManyDisputes });
  input.disputes.forEach((item, index) => {
    found.push(...disputeItemProblems(item, input.messageType, today, index));
  });
  return found;
}

export type NormalizedDispute = {
  messageType: DisputeMessageType;
  customerId: string;
  bin: string;
  messageDate: string;
  disputeReasonDesc: string;
  transactionDate: string;
  lastFourCardNum: string;
  disputeAmountCents: number;
  transactionAmountCents: number;
  issuerClaimId: string;
  issuerClaimTransactionId: string;
  merchantId: string;
  acquirerRefId: string;
  acquirerClaimId: string | null;
  chargebackReferenceId: string | null;
};

/**
 * One stored dispute of a valid form: trimmed, dates as days, amounts in cents. The two claim
 * fields are kept only for an outcome chargeback: switching away drops them (§4).
 */
export function normalizeDispute(shared: DisputeSharedInput, item: DisputeItemInput): NormalizedDispute {
  const chargeback = shared.messageType === 'outcome-chargeback';
  return {
    messageType: shared.messageType as DisputeMessageType,
    customerId: shared.customerId.trim(),
    bin: shared.bin.trim(),
    messageDate: epochSecondsToDate(shared.messageDate as number),
    disputeReasonDesc: item.disputeReasonDesc.trim(),
    transactionDate: epochSecondsToDate(item.transactionDate as number),
    lastFourCardNum: item.lastFourCardNum.trim(),
    disputeAmountCents: toCents(item.disputeAmount as number),
    transactionAmountCents: toCents(item.transactionAmount as number),
    issuerClaimId: item.issuerClaimId.trim(),
    issuerClaimTransactionId: item.issuerClaimTransactionId.trim(),
    merchantId: item.merchantId.trim(),
    acquirerRefId: item.acquirerRefId.trim(),
    acquirerClaimId: chargeback ? (item.acquirerClaimId ?? '').trim() : null,
    chargebackReferenceId: chargeback ? (item.chargebackReferenceId ?? '').trim() : null,
  };
}

/** US dollars as the spec shows them (§9). */
export function formatUsd(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}
