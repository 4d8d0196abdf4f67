import {
  type CategoryListQuery,
  type Db,
  listAccessTypes,
  listAdminReportCategories,
  listAllFrequencyTypes,
} from '@portal/db';
import type { CategoryListReply } from '@portal/domain/api/report-categories';

/** A page of report categories with the frequency and access types the forms offer. */
export async function reportCategoryListPage(db: Db, query: CategoryListQuery): Promise<CategoryListReply> {
  const list = await listAdminReportCategories(db, query);
  return {
    categories: list.rows,
    frequencyTypes: await listAllFrequencyTypes(db),
    accessTypes: await listAccessTypes(db),
    page: query.page,
    pageSize: query.pageSize,
    total: list.total,
  };
}
