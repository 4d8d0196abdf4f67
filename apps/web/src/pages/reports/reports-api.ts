import { epochSecondsToDate } from '@portal/domain';
import { formatUsDate } from '@portal/domain/time/iso-date';

// The replies of the report calls (SPEC.md §3, §7): the types of the API's reply schemas.
export type {
  CategoriesReply,
  PartnersReply,
  PreviewReply,
  Report,
  ReportCategory,
  ReportDatesReply,
  ReportsReply,
} from '@portal/domain/api/reports';

const segment = encodeURIComponent;

export const reportPaths = {
  categories: (accessTypeCode: string, partnerCode: string) =>
    `/api/categories/${segment(accessTypeCode)}/${segment(partnerCode)}`,
  reports: (accessTypeCode: string, partnerCode: string, categoryCode: string, query = '') =>
    `/api/reports/${segment(accessTypeCode)}/${segment(partnerCode)}/${segment(categoryCode)}${query}`,
  reportDates: (accessTypeCode: string, partnerCode: string, categoryCode: string) =>
    `/api/reports/${segment(accessTypeCode)}/${segment(partnerCode)}/${segment(categoryCode)}/dates`,
  view: (reportId: number) => `/api/reports/view/${reportId}`,
  report: (reportId: number) => `/api/reports/${reportId}`,
  download: (reportIds: number[]) => `/api/reports/download?reportId=${reportIds.join(',')}`,
  reportCategoriesPage: (accessTypeCode: string, partnerCode: string) =>
    `/partners/${segment(accessTypeCode)}/${segment(partnerCode)}/report-categories`,
  reportsPage: (accessTypeCode: string, partnerCode: string, categoryCode: string) =>
    `/partners/${segment(accessTypeCode)}/${segment(partnerCode)}/report-categories/${segment(categoryCode)}/reports`,
};

/** MM/dd/yyyy in UTC (SPEC.md §9). */
export const formatDate = (epochSeconds: number): string => formatUsDate(epochSecondsToDate(epochSeconds));
