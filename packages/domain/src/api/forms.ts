import { type Static, Type } from 'typebox';
import { REDACTED_ACCOUNT_NUMBER_PATTERN } from '../forms/operational-forms.js';
import { Nullable } from './common.js';

// Request and reply shapes of the operational forms' calls (SPEC.md §7 Forms), defined once: the
// API validates with them and the SPA imports their types. Every input field is optional and
// nullable so that a missing value is answered by the form rules ('This field is required.'),
// not by a schema error. Dates are epoch seconds (§3); amounts are US dollars.

/**
 * The schema's only length limit, against abuse: far above any valid value, so that a value too
 * long for its field (a 5-digit last four, a 14-character merchant id) reaches the form rule and
 * is answered with the spec's message on its field, not with a schema error.
 */
export const FORM_TEXT_CAP = 1000;
/** Ten times the disputes one form may send (MAX_DISPUTES_PER_FORM), which the form rule answers. */
export const FORM_DISPUTES_CAP = 500;

const OptionalText = () => Type.Optional(Type.String({ maxLength: FORM_TEXT_CAP }));
const OptionalNullableText = () => Type.Optional(Nullable(Type.String({ maxLength: FORM_TEXT_CAP })));
// Null first: the API's coercion would otherwise turn null into 0 before trying the next type.
const OptionalEpoch = Type.Optional(Type.Union([Type.Null(), Type.Number()]));
const OptionalAmount = Type.Optional(Type.Union([Type.Null(), Type.Number()]));
const RecordId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const IsoDateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const RecordIdParams = Type.Object({ recordId: RecordId });

export const RecordStatus = Type.Union([Type.Literal('pending'), Type.Literal('processed')]);
export type RecordStatus = Static<typeof RecordStatus>;

export const InvoiceRequestBody = Type.Object({
  /** 16 digits; on an edit, the redacted value a reply gave, sent back unchanged, keeps the number. */
  accountNumber: OptionalText(),
  startDate: OptionalEpoch,
  endDate: OptionalEpoch,
});
export type InvoiceRequestBody = Static<typeof InvoiceRequestBody>;

export const InvoiceRequestUpdateBody = Type.Evaluate(
  Type.Intersect([Type.Object({ recordId: RecordId }), InvoiceRequestBody]),
);
export type InvoiceRequestUpdateBody = Static<typeof InvoiceRequestUpdateBody>;

export const InvoiceRequest = Type.Object({
  recordId: Type.Integer(),
  /** Redacted: twelve asterisks and the last four digits; only the batch file has the whole number. */
  accountNumber: Type.String({ pattern: REDACTED_ACCOUNT_NUMBER_PATTERN }),
  startDate: Type.Number(),
  endDate: Type.Number(),
  status: RecordStatus,
  batchDate: IsoDateText,
  batchId: Nullable(Type.Integer()),
  createdBy: Type.String(),
  createdAt: Type.String(),
});
export type InvoiceRequest = Static<typeof InvoiceRequest>;
export const InvoiceRequests = Type.Array(InvoiceRequest);
export type InvoiceRequests = Static<typeof InvoiceRequests>;

const DisputeSharedBody = Type.Object({
  messageType: OptionalText(),
  customerId: OptionalText(),
  bin: OptionalText(),
  messageDate: OptionalEpoch,
});

export const DisputeItemBody = Type.Object({
  disputeReasonDesc: OptionalText(),
  transactionDate: OptionalEpoch,
  lastFourCardNum: OptionalText(),
  disputeAmount: OptionalAmount,
  transactionAmount: OptionalAmount,
  issuerClaimId: OptionalText(),
  issuerClaimTransactionId: OptionalText(),
  merchantId: OptionalText(),
  acquirerRefId: OptionalText(),
  acquirerClaimId: OptionalNullableText(),
  chargebackReferenceId: OptionalNullableText(),
});
export type DisputeItemBody = Static<typeof DisputeItemBody>;

/** POST /api/form/disputes: the shared fields and a disputes array, stored all or nothing. */
export const DisputeFormBody = Type.Evaluate(
  Type.Intersect([
    DisputeSharedBody,
    Type.Object({ disputes: Type.Optional(Type.Array(DisputeItemBody, { maxItems: FORM_DISPUTES_CAP })) }),
  ]),
);
export type DisputeFormBody = Static<typeof DisputeFormBody>;

/** PUT /api/form/disputes: one stored dispute, its shared and its own fields. */
export const DisputeUpdateBody = Type.Evaluate(
  Type.Intersect([Type.Object({ recordId: RecordId }), DisputeSharedBody, DisputeItemBody]),
);
export type DisputeUpdateBody = Static<typeof DisputeUpdateBody>;

export const Dispute = Type.Object({
  recordId: Type.Integer(),
  retailer: Type.String(),
  messageType: Type.Union([Type.Literal('claim-request'), Type.Literal('outcome-chargeback')]),
  customerId: Type.String(),
  bin: Type.String(),
  messageDate: Type.Number(),
  disputeReasonDesc: Type.String(),
  transactionDate: Type.Number(),
  lastFourCardNum: Type.String(),
  disputeAmount: Type.Number(),
  transactionAmount: Type.Number(),
  issuerClaimId: Type.String(),
  issuerClaimTransactionId: Type.String(),
  merchantId: Type.String(),
  acquirerRefId: Type.String(),
  /** Only on outcome chargebacks. */
  acquirerClaimId: Type.Optional(Type.String()),
  chargebackReferenceId: Type.Optional(Type.String()),
  status: RecordStatus,
  batchDate: IsoDateText,
  batchId: Nullable(Type.Integer()),
  createdBy: Type.String(),
  createdAt: Type.String(),
});
export type Dispute = Static<typeof Dispute>;
export const Disputes = Type.Array(Dispute);
export type Disputes = Static<typeof Disputes>;

export const BatchKindText = Type.Union([Type.Literal('invoices'), Type.Literal('disputes')]);

export const BatchSummary = Type.Object({
  batchId: Type.Integer(),
  kind: BatchKindText,
  batchDate: IsoDateText,
  status: Type.Union([Type.Literal('completed'), Type.Literal('running')]),
  recordCount: Type.Integer(),
  totalCents: Nullable(Type.Integer()),
  startedAt: Type.String(),
  finishedAt: Nullable(Type.String()),
  late: Type.Boolean(),
  fileKey: Nullable(Type.String()),
  checksum: Nullable(Type.String()),
});
export type BatchSummary = Static<typeof BatchSummary>;
export const BatchSummaries = Type.Array(BatchSummary);
export type BatchSummaries = Static<typeof BatchSummaries>;

export const BatchFileParams = Type.Object({ kind: BatchKindText, batchDate: IsoDateText });

export const FormSettings = Type.Object({
  /** The literal segment of /forms/{retailer}-disputes. */
  retailer: Type.String(),
});
export type FormSettings = Static<typeof FormSettings>;

/** A refused form call (400, 404, 409): the message, and whatever the rule adds (the fields named). */
export const FormRefusal = Type.Object({ message: Type.String() }, { additionalProperties: true });
export type FormRefusal = Static<typeof FormRefusal>;
