import type { DisputeItemInput, DisputeSharedInput } from '@portal/domain';
import type { DisputeItemBody } from '@portal/domain/api/forms';

type SharedBody = { messageType?: string; customerId?: string; bin?: string; messageDate?: number | null };

/** The bodies' optional fields as the form rules take them: a missing text is blank. */
export function disputeInputs(shared: SharedBody, items: readonly DisputeItemBody[]) {
  const sharedInput: DisputeSharedInput = {
    messageType: shared.messageType ?? '',
    customerId: shared.customerId ?? '',
    bin: shared.bin ?? '',
    messageDate: shared.messageDate,
  };
  const itemInputs: DisputeItemInput[] = items.map((item) => ({
    disputeReasonDesc: item.disputeReasonDesc ?? '',
    transactionDate: item.transactionDate,
    lastFourCardNum: item.lastFourCardNum ?? '',
    disputeAmount: item.disputeAmount,
    transactionAmount: item.transactionAmount,
    issuerClaimId: item.issuerClaimId ?? '',
    issuerClaimTransactionId: item.issuerClaimTransactionId ?? '',
    merchantId: item.merchantId ?? '',
    acquirerRefId: item.acquirerRefId ?? '',
    acquirerClaimId: item.acquirerClaimId,
    chargebackReferenceId: item.chargebackReferenceId,
  }));
  return { shared: sharedInput, items: itemInputs };
}
