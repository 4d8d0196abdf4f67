import { type Static, Type } from '@sinclair/typebox';

// Request and reply shapes of the operational forms' calls (SPEC.md §7 Forms), defined once: the
// API validates with them and the SPA imports their types. Every input field is optional and
// nullable so that a missing value is answered by the form rules ('This field is required.'),
// not by a schema error. Dates are epoch seconds (§3); amounts are US dollars.

// Null first: the API's coercion would otherwise turn null into 0 before trying the next type.
const OptionalText = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const OptionalEpoch = Type.Optional(Type.Union([Type.Null(), Type.Number()]));
const OptionalAmount = Type.Optional(Type.Union([Type.Null(), Type.Number()]));
const RecordId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const IsoDateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const RecordIdParams = Type.Object({ recordId: RecordId });

export const RecordStatus = Type.Union([Type.Literal('pending'), Type.Literal('processed')]);
export type RecordStatus = Static<typeof RecordStatus>;

export const InvoiceRequestBody = Type.Object({
  accountNumber: OptionalText(64),
  startDate: OptionalEpoch,
  endDate: OptionalEpoch,
});
export type InvoiceRequestBody = Static<typeof InvoiceRequestBody>;

export const InvoiceRequestUpdateBody = Type.Composite([
  Type.Object({ recordId: RecordId }),
  InvoiceRequestBody,
]);
export type InvoiceRequestUpdateBody = Static<typeof InvoiceRequestUpdateBody>;

export const InvoiceRequest = Type.Object({
  recordId: Type.Integer(),
  accountNumber: Type.String(),
  startDate: Type.Number(),
  endDate: Type.Number(),
  status: RecordStatus,
  batchDate: IsoDateText,
  batchId: Type.Union([Type.Integer(), Type.Null()]),
  createdBy: Type.String(),
  createdAt: Type.String(),
});
export type InvoiceRequest = Static<typeof InvoiceRequest>;

const DisputeSharedBody = Type.Object({
  messageType: OptionalText(40),
  customerId: OptionalText(100),
  bin: OptionalText(20),
  messageDate: OptionalEpoch,
});

export const DisputeItemBody = Type.Object({
  disputeReasonDesc: OptionalText(200),
  transactionDate: OptionalEpoch,
  lastFourCardNum: OptionalText(20),
  disputeAmount: OptionalAmount,
  transactionAmount: OptionalAmount,
  issuerClaimId: OptionalText(200),
  issuerClaimTransactionId: OptionalText(200),
  merchantId: OptionalText(100),
  acquirerRefId: OptionalText(100),
  acquirerClaimId: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  chargebackReferenceId: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
});
export type DisputeItemBody = Static<typeof DisputeItemBody>;

/** POST /api/form/disputes: the shared fields and a disputes array, stored all or nothing. */
export const DisputeFormBody = Type.Composite([
  DisputeSharedBody,
  Type.Object({ disputes: Type.Optional(Type.Array(DisputeItemBody, { maxItems: 500 })) }),
]);
export type DisputeFormBody = Static<typeof DisputeFormBody>;

/** PUT /api/form/disputes: one stored dispute, its shared and its own fields. */
export const DisputeUpdateBody = Type.Composite([
  Type.Object({ recordId: RecordId }),
  DisputeSharedBody,
  DisputeItemBody,
]);
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
  batchId: Type.Union([Type.Integer(), Type.Null()]),
  createdBy: Type.String(),
  createdAt: Type.String(),
});
export type Dispute = Static<typeof Dispute>;

export const BatchKindText = Type.Union([Type.Literal('invoices'), Type.Literal('disputes')]);

export const BatchSummary = Type.Object({
  batchId: Type.Integer(),
  kind: BatchKindText,
  batchDate: IsoDateText,
  status: Type.Union([Type.Literal('completed'), Type.Literal('running')]),
  recordCount: Type.Integer(),
  totalCents: Type.Union([Type.Integer(), Type.Null()]),
  startedAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
  late: Type.Boolean(),
  fileKey: Type.Union([Type.String(), Type.Null()]),
  checksum: Type.Union([Type.String(), Type.Null()]),
});
export type BatchSummary = Static<typeof BatchSummary>;

export const BatchFileParams = Type.Object({ kind: BatchKindText, batchDate: IsoDateText });

export const FormSettings = Type.Object({
  /** The literal segment of /forms/{retailer}-disputes. */
  retailer: Type.String(),
});
export type FormSettings = Static<typeof FormSettings>;
