import type { CategoryListReply } from '@portal/domain/api/report-categories';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { PageFrame } from '../../components/PageFrame.js';
import { ReportCategoryForm } from './report-categories/ReportCategoryForm.js';

const EMPTY = {
  code: '',
  name: '',
  frequencyTypes: [],
  hasExternalLink: false,
  externalLink: '',
  ownerEmails: [''],
  partners: [],
};

export default function AddReportCategoryPage() {
  const { data } = useApi<CategoryListReply>('/api/admin/categories?pageSize=1');
  return (
    <PageFrame trail={['admin', 'adminReportCategories']}>
      {data === undefined ? (
        <CenteredLoader />
      ) : (
        <ReportCategoryForm
          mode="create"
          initial={EMPTY}
          frequencyTypes={data.frequencyTypes}
          accessTypes={data.accessTypes}
        />
      )}
    </PageFrame>
  );
}
