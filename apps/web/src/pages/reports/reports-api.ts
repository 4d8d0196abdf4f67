// The replies of the report calls (SPEC.md §3, §7) as the SPA reads them.

export type AccessType = { code: string; name: string };
export type Partner = { name: string; code: string; type: string };
export type FrequencyType = { code: string; name: string };
export type ReportCategory = {
  name: string;
  code: string;
  externalLink: string | null;
  frequencyTypes: FrequencyType[];
};

export type PartnersReply = { accessTypes: AccessType[]; partners: Record<string, Partner[]> };
export type CategoriesReply = {
  categories: ReportCategory[];
  selectedAccessType: AccessType;
  selectedPartner: Partner;
};

export type Report = {
  id: number;
  fileName: string;
  fileSize: string;
  rawSize: number;
  /** Seconds since the epoch, 00:00 UTC of the report's date. */
  reportDate: number;
  /** Seconds since the epoch. */
  lastModified: number;
  frequencyType: string;
};

export type ReportsReply = {
  reports: Record<string, Report[]>;
  frequencyTypes: FrequencyType[];
  latestReport: Report | null;
  selectedAccessType: AccessType;
  selectedPartner: Partner;
  selectedCategory: ReportCategory;
  reportDates: string[];
  truncated: boolean;
};

export type PreviewReply = {
  reportId: number;
  fileName: string;
  worksheets: { name: string; rows: string[][]; truncated: boolean }[];
};

export type EnvironmentContext = {
  googleRecaptchaPublicKey: string | null;
  humanVerification: 'altcha' | 'recaptcha';
  altchaChallengeUrl: string | null;
};

const segment = encodeURIComponent;

export const reportPaths = {
  categories: (accessTypeCode: string, partnerCode: string) =>
    `/api/categories/${segment(accessTypeCode)}/${segment(partnerCode)}`,
  reports: (accessTypeCode: string, partnerCode: string, categoryCode: string, query = '') =>
    `/api/reports/${segment(accessTypeCode)}/${segment(partnerCode)}/${segment(categoryCode)}${query}`,
  view: (reportId: number) => `/api/reports/view/${reportId}`,
  report: (reportId: number) => `/api/reports/${reportId}`,
  download: (reportIds: number[]) => `/api/reports/download?reportId=${reportIds.join(',')}`,
  reportCategoriesPage: (accessTypeCode: string, partnerCode: string) =>
    `/partners/${segment(accessTypeCode)}/${segment(partnerCode)}/report-categories`,
  reportsPage: (accessTypeCode: string, partnerCode: string, categoryCode: string) =>
    `/partners/${segment(accessTypeCode)}/${segment(partnerCode)}/report-categories/${segment(categoryCode)}/reports`,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** MM/dd/yyyy in UTC (SPEC.md §9). */
export function formatDate(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000);
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}
