import { Alert } from '@mantine/core';
import type { Dispute } from '@portal/domain/api/forms';
import { useParams } from 'react-router-dom';
import { put } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { PageFrame } from '../../components/PageFrame.js';
import NotFoundPage from '../errors/NotFoundPage.js';
import { DISPUTES_API, DisputeForm } from './DisputeForm.js';
import { fromEpoch } from './form-dates.js';
import { useRetailer } from './retailer.js';

const dollars = (value: number) => value.toFixed(2);

export default function DisputeEditPage() {
  const retailer = useRetailer();
  const { recordId } = useParams();
  const { data: disputes } = useApi<Dispute[]>(retailer ? DISPUTES_API : null);
  if (retailer === null) return <NotFoundPage />;
  const dispute = disputes?.find((d) => String(d.recordId) === recordId);
  return (
    <PageFrame trail={['forms', { page: 'disputes', label: `${(retailer ?? '').toUpperCase()} Disputes` }]}>
      {disputes === undefined ? (
        <CenteredLoader />
      ) : dispute === undefined ? (
        // The edit list holds pending disputes only: this one was processed (or never was). The
        // alert says so; 'No results were found. Try reloading' beside it would say otherwise.
        <Alert color="yellow">Only pending disputes can be edited; processed ones are in the history.</Alert>
      ) : (
        <DisputeForm
          list={`/forms/${retailer}-disputes`}
          multiple={false}
          initial={{
            messageType: dispute.messageType,
            customerId: dispute.customerId,
            bin: dispute.bin,
            messageDate: fromEpoch(dispute.messageDate),
            disputes: [
              {
                disputeReasonDesc: dispute.disputeReasonDesc,
                transactionDate: fromEpoch(dispute.transactionDate),
                lastFourCardNum: dispute.lastFourCardNum,
                disputeAmount: dollars(dispute.disputeAmount),
                transactionAmount: dollars(dispute.transactionAmount),
                issuerClaimId: dispute.issuerClaimId,
                issuerClaimTransactionId: dispute.issuerClaimTransactionId,
                merchantId: dispute.merchantId,
                acquirerRefId: dispute.acquirerRefId,
                acquirerClaimId: dispute.acquirerClaimId ?? '',
                chargebackReferenceId: dispute.chargebackReferenceId ?? '',
              },
            ],
          }}
          send={({ disputes: [item], ...shared }) =>
            put(DISPUTES_API, { recordId: dispute.recordId, ...shared, ...item })
          }
        />
      )}
    </PageFrame>
  );
}
