import { buildReportKey } from '@portal/domain/reports/report-keys';
import { type CategoryCode, partners, REPORT_WINDOW_DAYS, type ReportFeed, reportFeeds } from './catalog.js';
import { compactDate, datesBefore, weekdayOf } from './dates.js';
import { seededRandom } from './random.js';
import { reportSheets } from './report-content.js';
import { CSV_CONTENT_TYPE, toCsv, toXlsx, XLSX_CONTENT_TYPE } from './sheets.js';

export type PlannedReport = {
  feed: ReportFeed;
  reportDate: string;
  fileName: string;
  storageKey: string;
  lastModified: Date;
};

export type GeneratedFile = { body: Buffer; contentType: string };

const FILE_STEMS: Record<CategoryCode, string> = {
  SETTLEMENT: 'SETTLEMENT',
  TRANSACTIONS: 'DAILY_TRANSACTIONS',
  CHARGEBACKS: 'CHARGEBACKS_WEEK',
  STATEMENTS: 'MONTHLY_STATEMENT',
  ACCOUNTS: 'ACCOUNT_ACTIVITY',
  INSIGHTS: 'INSIGHTS',
};

function fileNameOf(feed: ReportFeed, reportDate: string): string {
  let stem = `${feed.partnerCode}_${FILE_STEMS[feed.categoryCode]}`;
  if (feed.categoryCode === 'ACCOUNTS' && feed.frequencyTypeCode === 'WLY') stem += '_WEEKLY';
  // A statement delivered on the first of a month covers the month before.
  if (feed.frequencyTypeCode === 'MLY') {
    const month = new Date(`${reportDate}T00:00:00Z`);
    month.setUTCMonth(month.getUTCMonth() - 1);
    return `${stem}_${month.toISOString().slice(0, 7).replace('-', '_')}.${feed.format}`;
  }
  return `${stem}_${compactDate(reportDate)}.${feed.format}`;
}

function datesOf(feed: ReportFeed, window: string[]): string[] {
  if (feed.frequencyTypeCode === 'WLY') return window.filter((date) => weekdayOf(date) === 1);
  if (feed.frequencyTypeCode === 'MLY') return window.filter((date) => date.endsWith('-01'));
  const dates = window.slice(-(feed.days ?? window.length));
  // A few daily files never arrived, as in real life; the latest three days are always complete.
  return dates.filter(
    (date, i) =>
      i >= dates.length - 3 ||
      !seededRandom(`missing:${feed.partnerCode}:${feed.categoryCode}:${date}`).chance(0.03),
  );
}

/** Every report file of the demo, for the 90 days before `today`. */
export function planReports(today: Date): PlannedReport[] {
  const window = datesBefore(today, REPORT_WINDOW_DAYS);
  return reportFeeds.flatMap((feed) =>
    datesOf(feed, window).map((reportDate) => {
      const fileName = fileNameOf(feed, reportDate);
      const storageKey = buildReportKey({ ...feed, reportDate, fileName });
      const minutes = seededRandom(`delivered:${storageKey}`).int(0, 120);
      // Delivered the evening of its date, so every file is older than `today`.
      const lastModified = new Date(Date.parse(`${reportDate}T20:00:00Z`) + minutes * 60_000);
      return { feed, reportDate, fileName, storageKey, lastModified };
    }),
  );
}

function periodDaysOf(report: PlannedReport): number {
  if (report.feed.frequencyTypeCode === 'DLY') return 1;
  if (report.feed.frequencyTypeCode === 'WLY') return 7;
  const firstOfMonth = new Date(`${report.reportDate}T00:00:00Z`);
  return new Date(firstOfMonth.getTime() - 1).getUTCDate();
}

export async function generateReportFile(report: PlannedReport): Promise<GeneratedFile> {
  const random = seededRandom(report.storageKey);
  const partnerName =
    partners.find((p) => p.code === report.feed.partnerCode)?.name ?? report.feed.partnerCode;
  const sheets = reportSheets({
    categoryCode: report.feed.categoryCode,
    partnerName,
    reportDate: report.reportDate,
    periodDays: periodDaysOf(report),
    // Some workbooks get a summary sheet before the detail; a CSV file holds the detail only.
    twoSheets: report.feed.format === 'xlsx' && random.chance(0.5),
    random,
  });
  const detail = sheets.at(-1);
  if (!detail) throw new Error(`No content is generated for ${report.feed.categoryCode}`);
  if (report.feed.format === 'csv') return { body: toCsv(detail), contentType: CSV_CONTENT_TYPE };
  return { body: await toXlsx(sheets, report.reportDate), contentType: XLSX_CONTENT_TYPE };
}
