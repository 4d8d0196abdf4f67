import { Alert } from '@mantine/core';
import type { AdminReportCategory, CategoryListReply } from '@portal/domain/api/report-categories';
import { useParams } from 'react-router-dom';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { PageFrame } from '../../components/PageFrame.js';
import { categoryPath } from './report-categories/categories-api.js';
import { ReportCategoryForm } from './report-categories/ReportCategoryForm.js';

export default function EditReportCategoryPage() {
  const { reportCategoryCode = '' } = useParams();
  const { data: category } = useApi<AdminReportCategory>(categoryPath(reportCategoryCode));
  const { data: reference } = useApi<CategoryListReply>('/api/admin/categories?pageSize=1');
  return (
    <PageFrame trail={['admin', 'adminReportCategories']}>
      {category?.sharedOutsideScope && (
        <Alert color="yellow" role="status" mb="md">
          This report category is shared with partners you may not manage: only someone who may access all its
          partners can change it. The partners listed are yours.
        </Alert>
      )}
      {category === undefined || reference === undefined ? (
        <CenteredLoader />
      ) : (
        <ReportCategoryForm
          mode="edit"
          initial={{
            code: category.code,
            name: category.name,
            frequencyTypes: category.frequencyTypes.map((f) => f.code),
            hasExternalLink: category.externalLink !== null,
            externalLink: category.externalLink ?? '',
            ownerEmails: category.ownerEmails.length > 0 ? category.ownerEmails : [''],
            partners: category.partners,
          }}
          frequencyTypes={reference.frequencyTypes}
          accessTypes={reference.accessTypes}
        />
      )}
    </PageFrame>
  );
}
