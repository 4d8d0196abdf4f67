import { post } from '../../api/api.js';
import { PageFrame } from '../../components/PageFrame.js';
import { FaqForm } from './FaqForm.js';

export default function AddFaqPage() {
  return (
    <PageFrame trail={['admin', 'adminFaqs']}>
      <FaqForm initial={{ question: '', answer: '' }} save={(input) => post('/api/faqs', input)} />
    </PageFrame>
  );
}
