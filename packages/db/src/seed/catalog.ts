// What the demo portal holds: partners, report categories and which partner receives which
// report feed. The report files themselves are generated from `reportFeeds` (report-files.ts).

export type FrequencyTypeCode = 'DLY' | 'WLY' | 'MLY';
export type PartnerRef = { accessTypeCode: string; partnerCode: string };

export const accessTypes = [
  { code: 'INT', name: 'Internal' },
  { code: 'EXT', name: 'External' },
];

export const frequencyTypes: Array<{ code: FrequencyTypeCode; name: string }> = [
  { code: 'DLY', name: 'Day' },
  { code: 'WLY', name: 'Week' },
  { code: 'MLY', name: 'Month' },
];

export const partners = [
  { accessTypeCode: 'EXT', code: 'BJS', name: "BJ's Wholesale Club" },
  { accessTypeCode: 'EXT', code: 'SAM', name: "Sam's Club" },
  { accessTypeCode: 'EXT', code: 'WSI', name: 'Williams-Sonoma' },
  { accessTypeCode: 'EXT', code: 'WAY', name: 'Wayfair' },
  { accessTypeCode: 'EXT', code: 'ULT', name: 'Ulta Beauty' },
  { accessTypeCode: 'EXT', code: 'BBY', name: 'Best Buy' },
  { accessTypeCode: 'INT', code: 'PPX', name: 'Portal Operations' },
  { accessTypeCode: 'INT', code: 'RSK', name: 'Risk and Compliance' },
];

export type CategoryCode =
  | 'SETTLEMENT'
  | 'TRANSACTIONS'
  | 'CHARGEBACKS'
  | 'STATEMENTS'
  | 'ACCOUNTS'
  | 'INSIGHTS';

export const reportCategories: Array<{
  code: CategoryCode;
  name: string;
  frequencyTypes: FrequencyTypeCode[];
  ownerEmails: string[];
  externalLink: string | null;
}> = [
  {
    code: 'SETTLEMENT',
    name: 'Settlement',
    frequencyTypes: ['DLY'],
    ownerEmails: ['settlement-team@demo.portal'],
    externalLink: null,
  },
  {
    code: 'TRANSACTIONS',
    name: 'Daily Transactions',
    frequencyTypes: ['DLY'],
    ownerEmails: ['transactions@demo.portal', 'data-ops@demo.portal'],
    externalLink: null,
  },
  { code: 'CHARGEBACKS', name: 'Chargebacks', frequencyTypes: ['WLY'], ownerEmails: [], externalLink: null },
  {
    code: 'STATEMENTS',
    name: 'Monthly Statements',
    frequencyTypes: ['MLY'],
    ownerEmails: ['statements@demo.portal'],
    externalLink: null,
  },
  {
    code: 'ACCOUNTS',
    name: 'Account Activity',
    frequencyTypes: ['DLY', 'WLY'],
    ownerEmails: [],
    externalLink: null,
  },
  {
    code: 'INSIGHTS',
    name: 'Partner Insights',
    frequencyTypes: ['MLY'],
    ownerEmails: ['insights@demo.portal'],
    externalLink: 'https://example.com/partner-insights',
  },
];

/** Which categories each partner has, with that partner's frequency types for each. */
export const partnerCategories: Array<
  PartnerRef & { categoryCode: CategoryCode; frequencyTypes: FrequencyTypeCode[] }
> = [
  { accessTypeCode: 'EXT', partnerCode: 'BJS', categoryCode: 'SETTLEMENT', frequencyTypes: ['DLY'] },
  { accessTypeCode: 'EXT', partnerCode: 'BJS', categoryCode: 'TRANSACTIONS', frequencyTypes: ['DLY'] },
  { accessTypeCode: 'EXT', partnerCode: 'BJS', categoryCode: 'CHARGEBACKS', frequencyTypes: ['WLY'] },
  { accessTypeCode: 'EXT', partnerCode: 'BJS', categoryCode: 'STATEMENTS', frequencyTypes: ['MLY'] },
  { accessTypeCode: 'EXT', partnerCode: 'BJS', categoryCode: 'INSIGHTS', frequencyTypes: ['MLY'] },
  { accessTypeCode: 'EXT', partnerCode: 'SAM', categoryCode: 'SETTLEMENT', frequencyTypes: ['DLY'] },
  { accessTypeCode: 'EXT', partnerCode: 'SAM', categoryCode: 'CHARGEBACKS', frequencyTypes: ['WLY'] },
  { accessTypeCode: 'EXT', partnerCode: 'SAM', categoryCode: 'STATEMENTS', frequencyTypes: ['MLY'] },
  { accessTypeCode: 'EXT', partnerCode: 'SAM', categoryCode: 'ACCOUNTS', frequencyTypes: ['DLY', 'WLY'] },
  { accessTypeCode: 'EXT', partnerCode: 'WSI', categoryCode: 'ACCOUNTS', frequencyTypes: ['WLY'] },
  { accessTypeCode: 'EXT', partnerCode: 'WSI', categoryCode: 'STATEMENTS', frequencyTypes: ['MLY'] },
  { accessTypeCode: 'EXT', partnerCode: 'WAY', categoryCode: 'SETTLEMENT', frequencyTypes: ['DLY'] },
  { accessTypeCode: 'EXT', partnerCode: 'WAY', categoryCode: 'CHARGEBACKS', frequencyTypes: ['WLY'] },
  { accessTypeCode: 'EXT', partnerCode: 'ULT', categoryCode: 'STATEMENTS', frequencyTypes: ['MLY'] },
  // Best Buy has a category but no files yet: the empty state of the reports page.
  { accessTypeCode: 'EXT', partnerCode: 'BBY', categoryCode: 'TRANSACTIONS', frequencyTypes: ['DLY'] },
  { accessTypeCode: 'INT', partnerCode: 'PPX', categoryCode: 'TRANSACTIONS', frequencyTypes: ['DLY'] },
  { accessTypeCode: 'INT', partnerCode: 'PPX', categoryCode: 'STATEMENTS', frequencyTypes: ['MLY'] },
  { accessTypeCode: 'INT', partnerCode: 'RSK', categoryCode: 'CHARGEBACKS', frequencyTypes: ['WLY'] },
];

export type FileFormat = 'csv' | 'xlsx';

/**
 * Report files delivered to a partner category: daily feeds cover `days` days before today,
 * weekly ones each Monday and monthly ones the first of each month of the last 90 days.
 */
export type ReportFeed = PartnerRef & {
  categoryCode: CategoryCode;
  frequencyTypeCode: FrequencyTypeCode;
  format: FileFormat;
  days?: number;
};

export const REPORT_WINDOW_DAYS = 90;

export const reportFeeds: ReportFeed[] = [
  {
    accessTypeCode: 'EXT',
    partnerCode: 'BJS',
    categoryCode: 'SETTLEMENT',
    frequencyTypeCode: 'DLY',
    format: 'xlsx',
  },
  {
    accessTypeCode: 'EXT',
    partnerCode: 'BJS',
    categoryCode: 'TRANSACTIONS',
    frequencyTypeCode: 'DLY',
    format: 'csv',
  },
  {
    accessTypeCode: 'EXT',
    partnerCode: 'BJS',
    categoryCode: 'CHARGEBACKS',
    frequencyTypeCode: 'WLY',
    format: 'csv',
  },
  {
    accessTypeCode: 'EXT',
    partnerCode: 'BJS',
    categoryCode: 'STATEMENTS',
    frequencyTypeCode: 'MLY',
    format: 'xlsx',
  },
  {
    accessTypeCode: 'EXT',
    partnerCode: 'SAM',
    categoryCode: 'SETTLEMENT',
    frequencyTypeCode: 'DLY',
    format: 'csv',
    days: 60,
  },
  {
    accessTypeCode: 'EXT',
    partnerCode: 'SAM',
    categoryCode: 'CHARGEBACKS',
    frequencyTypeCode: 'WLY',
    format: 'csv',
  },
  {
    accessTypeCode: 'EXT',
    partnerCode: 'SAM',
    categoryCode: 'STATEMENTS',
    frequencyTypeCode: 'MLY',
    format: 'xlsx',
  },
  {
    accessTypeCode: 'EXT',
    partnerCode: 'SAM',
    categoryCode: 'ACCOUNTS',
    frequencyTypeCode: 'DLY',
    format: 'csv',
    days: 14,
  },
  {
    accessTypeCode: 'EXT',
    partnerCode: 'SAM',
    categoryCode: 'ACCOUNTS',
    frequencyTypeCode: 'WLY',
    format: 'xlsx',
  },
  {
    accessTypeCode: 'EXT',
    partnerCode: 'WSI',
    categoryCode: 'ACCOUNTS',
    frequencyTypeCode: 'WLY',
    format: 'xlsx',
  },
  {
    accessTypeCode: 'EXT',
    partnerCode: 'WSI',
    categoryCode: 'STATEMENTS',
    frequencyTypeCode: 'MLY',
    format: 'xlsx',
  },
  {
    accessTypeCode: 'EXT',
    partnerCode: 'WAY',
    categoryCode: 'SETTLEMENT',
    frequencyTypeCode: 'DLY',
    format: 'csv',
    days: 21,
  },
  {
    accessTypeCode: 'EXT',
    partnerCode: 'WAY',
    categoryCode: 'CHARGEBACKS',
    frequencyTypeCode: 'WLY',
    format: 'csv',
  },
  {
    accessTypeCode: 'EXT',
    partnerCode: 'ULT',
    categoryCode: 'STATEMENTS',
    frequencyTypeCode: 'MLY',
    format: 'xlsx',
  },
  {
    accessTypeCode: 'INT',
    partnerCode: 'PPX',
    categoryCode: 'TRANSACTIONS',
    frequencyTypeCode: 'DLY',
    format: 'csv',
    days: 14,
  },
  {
    accessTypeCode: 'INT',
    partnerCode: 'PPX',
    categoryCode: 'STATEMENTS',
    frequencyTypeCode: 'MLY',
    format: 'xlsx',
  },
  {
    accessTypeCode: 'INT',
    partnerCode: 'RSK',
    categoryCode: 'CHARGEBACKS',
    frequencyTypeCode: 'WLY',
    format: 'xlsx',
  },
];

export const reportMonitors: Array<
  PartnerRef & {
    categoryCode: CategoryCode;
    frequencyTypeCode: FrequencyTypeCode;
    frequencyDay: string | null;
    frequencyNumber: number | null;
  }
> = [
  {
    accessTypeCode: 'EXT',
    partnerCode: 'BJS',
    categoryCode: 'SETTLEMENT',
    frequencyTypeCode: 'DLY',
    frequencyDay: null,
    frequencyNumber: null,
  },
  {
    accessTypeCode: 'EXT',
    partnerCode: 'SAM',
    categoryCode: 'CHARGEBACKS',
    frequencyTypeCode: 'WLY',
    frequencyDay: 'MONDAY',
    frequencyNumber: null,
  },
  {
    accessTypeCode: 'EXT',
    partnerCode: 'WSI',
    categoryCode: 'ACCOUNTS',
    frequencyTypeCode: 'WLY',
    frequencyDay: 'MONDAY',
    frequencyNumber: null,
  },
  {
    accessTypeCode: 'EXT',
    partnerCode: 'BJS',
    categoryCode: 'STATEMENTS',
    frequencyTypeCode: 'MLY',
    frequencyDay: 'BUSINESS_DAY',
    frequencyNumber: 1,
  },
  {
    accessTypeCode: 'EXT',
    partnerCode: 'SAM',
    categoryCode: 'STATEMENTS',
    frequencyTypeCode: 'MLY',
    frequencyDay: 'TUESDAY',
    frequencyNumber: 2,
  },
];

/** Dataset catalogue: catalogId to object key. The last one is deliberately wrong (no such category). */
export const datasets = [
  { catalogId: 'cat-bjs-settlement', objectKey: '/Reports/EXT/BJS/SETTLEMENT/' },
  { catalogId: 'cat-sam-chargebacks', objectKey: '/Reports/EXT/SAM/CHARGEBACKS/' },
  { catalogId: 'cat-sam-statements', objectKey: '/Reports/EXT/SAM/STATEMENTS/' },
  { catalogId: 'cat-wsi-accounts', objectKey: '/Reports/EXT/WSI/ACCOUNTS/' },
  { catalogId: 'cat-bjs-transactions-legacy', objectKey: '/Reports/EXT/BJS/DAILY_TRANSACTIONS/' },
];
