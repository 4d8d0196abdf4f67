import type { Faqs } from '@portal/domain/api/faqs';
import { useParams } from 'react-router-dom';
import { put } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { EmptyState } from '../../components/EmptyState.js';
import { PageFrame } from '../../components/PageFrame.js';
import { FaqForm } from './FaqForm.js';

export default function EditFaqPage() {
  const { frequentlyAskedQuestionId } = useParams();
  const { data: faqs } = useApi<Faqs>('/api/faqs');
  const faq = faqs?.find((f) => String(f.id) === frequentlyAskedQuestionId);
  return (
    <PageFrame trail={['admin', 'adminFaqs']}>
      {faqs === undefined ? (
        <CenteredLoader />
      ) : faq === undefined ? (
        <EmptyState />
      ) : (
        <FaqForm initial={faq} save={(input) => put('/api/faqs', { id: faq.id, ...input })} />
      )}
    </PageFrame>
  );
}
