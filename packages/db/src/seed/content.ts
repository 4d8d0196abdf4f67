import type { DashboardsTable } from '../schema.js';
import type { PartnerRef } from './catalog.js';
import { isoDate } from './dates.js';
import { seededRandom } from './random.js';
import { type Db, type PartnerIds, partnerIdOf } from './reference-data.js';

export const faqs = [
  {
    question: 'How do I download a report?',
    answer:
      'Open Reports from the home page, choose a partner and a report category, then pick a date. Select up to three reports with their checkboxes and press Download.',
  },
  {
    question: 'Why can I not see a partner or a report category?',
    answer:
      'You see only the partners and report categories you are registered for. To request access, use the Report an Issue form, choose the reason Access request and name the partner you need.',
  },
  {
    question: 'Which files can I view in the portal?',
    answer:
      'CSV, XLS and XLSX files open in the viewer, one tab per worksheet. Every file can be downloaded whatever its type.',
  },
  {
    question: 'How many reports can I download at once?',
    answer: 'Up to three reports per download. Select fewer files, or download them in several steps.',
  },
  {
    question: 'Which time zone do report dates use?',
    answer: 'Report dates are shown as MM/dd/yyyy in UTC. Amounts in reports are in US dollars.',
  },
  {
    question: 'When are daily reports available?',
    answer:
      'Daily reports are normally posted before 10:00 AM Eastern Time. If a report you expect is missing after that, report an issue with the reason Missing report.',
  },
  {
    question: 'A dashboard does not load. What should I do?',
    answer:
      'Reload the page first. If the dashboard still does not appear, report an issue with the reason Dashboard not loading and the name of the dashboard.',
  },
  {
    question: 'How do I change the name on my account?',
    answer:
      'Open My Account and press Edit. Your first and last name can be changed when your user id is your email address.',
  },
];

export const bannerTypes = [
  { banner_code: 'INFO', alert_code: 'info', name: 'Information' },
  { banner_code: 'WARNING', alert_code: 'warning', name: 'Warning' },
  { banner_code: 'OUTAGE', alert_code: 'error', name: 'Outage' },
];

export const issueReasons = [
  'Cannot download a report',
  'Missing report',
  'Incorrect data in a report',
  'Dashboard not loading',
  'Access request',
  'Other',
];

type DemoDashboard = PartnerRef & {
  name: string;
  description: string;
  type: DashboardsTable['dashboard_type'];
  /** RStudio and Tableau: the path the portal serves; QuickSight: the embed path; ThoughtSpot: the pinboard id. */
  url: string;
  contentType: string;
};

function dashboard(
  accessTypeCode: string,
  partnerCode: string,
  type: DemoDashboard['type'],
  name: string,
  url: string,
): DemoDashboard {
  return { accessTypeCode, partnerCode, type, name, url, ...dashboardWording(name) };
}

// Demo content the portal serves itself (ARCHITECTURE.md, "dashboards"), one entry per partner tile.
export const demoDashboards: DemoDashboard[] = [
  dashboard('EXT', 'BJS', 'TABLEAU', 'Partner Sales Overview', '/t/demo/views/PartnerSales/Overview'),
  dashboard('EXT', 'BJS', 'RSTUDIO', 'Sales Overview', '/content/demo-sales-overview/'),
  dashboard('EXT', 'BJS', 'THOUGHTSPOT', 'Card Program Performance', '3f6c1a2e-8b4d-4e7a-9c15-2d7e8f90a1b3'),
  dashboard('EXT', 'BJS', 'QUICKSIGHT', 'Settlement Trends', '/embed/demo/dashboards/demo-qs-1'),
  dashboard('EXT', 'SAM', 'THOUGHTSPOT', 'Member Credit Activity', '8a2d4c6e-1f3b-4d5a-b7c9-0e1f2a3b4c5d'),
  dashboard('EXT', 'SAM', 'TABLEAU', 'Regional Sales', '/t/demo/views/PartnerSales/Regions'),
  dashboard('EXT', 'SAM', 'QUICKSIGHT', 'Chargeback Monitor', '/embed/demo/dashboards/demo-qs-2'),
  dashboard('EXT', 'WSI', 'THOUGHTSPOT', 'Cardholder Engagement', 'c4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70'),
  dashboard('EXT', 'WSI', 'RSTUDIO', 'Operations Health', '/content/demo-operations-health/'),
  dashboard('EXT', 'WSI', 'TABLEAU', 'Partner Sales Overview', '/t/demo/views/PartnerSales/Overview'),
  dashboard('EXT', 'WAY', 'QUICKSIGHT', 'Settlement Trends', '/embed/demo/dashboards/demo-qs-1'),
  dashboard('INT', 'PPX', 'RSTUDIO', 'Portal Usage', '/content/demo-portal-usage/'),
];

function dashboardWording(name: string): { description: string; contentType: string } {
  const wording: Record<string, [string, string]> = {
    'Partner Sales Overview': ['Card sales, active accounts and average ticket by month.', 'Sales'],
    'Sales Overview': ['Daily card sales against plan, with store and region drill-downs.', 'Sales'],
    'Card Program Performance': ['Applications, approvals and spend per active account.', 'Sales'],
    'Settlement Trends': ['Settled amounts, fees and net funding over the last 90 days.', 'Operations'],
    'Member Credit Activity': ['Credit line usage and payments of club members.', 'Sales'],
    'Regional Sales': ['Card sales by region and store format.', 'Sales'],
    'Chargeback Monitor': ['Open chargebacks by reason, age and amount.', 'Risk'],
    'Cardholder Engagement': ['Active cardholders, repeat purchases and rewards redemption.', 'Marketing'],
    'Operations Health': ['Report delivery timeliness and file processing status.', 'Operations'],
    'Portal Usage': ['Sign-ins, report downloads and dashboard views across partners.', 'Operations'],
  };
  const [description, contentType] = wording[name] ?? ['', 'Sales'];
  return { description, contentType };
}

export async function seedContent(db: Db, ids: PartnerIds, now: Date): Promise<void> {
  await db
    .insertInto('faqs')
    .values(faqs.map((f) => ({ ...f, updated_at: now })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('banner_types')
    .values(bannerTypes)
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('issue_reasons')
    .values(issueReasons.map((reason, index) => ({ reason, sort_order: (index + 1) * 10 })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await seedDashboards(db, ids, now);
}

async function seedDashboards(db: Db, ids: PartnerIds, now: Date): Promise<void> {
  const existing = await db.selectFrom('dashboards').select(['partner_id', 'dashboard_name']).execute();
  const seen = new Set(existing.map((d) => `${d.partner_id}|${d.dashboard_name}`));
  const rows = demoDashboards.flatMap((d) => {
    const partner_id = partnerIdOf(ids, d);
    if (partner_id === undefined || seen.has(`${partner_id}|${d.name}`)) return [];
    return [
      {
        partner_id,
        dashboard_name: d.name,
        dashboard_description: d.description,
        dashboard_url: d.url,
        dashboard_type: d.type,
        dashboard_content_type: d.contentType,
        updated_at: now,
      },
    ];
  });
  if (!rows.length) return;
  const inserted = await db
    .insertInto('dashboards')
    .values(rows)
    .returning(['dashboard_id', 'partner_id', 'dashboard_name'])
    .execute();
  // Views this month, so the Most Viewed sort has something to sort by.
  const month = `${isoDate(now).slice(0, 7)}-01`;
  await db
    .insertInto('dashboard_views_monthly')
    .values(
      inserted.map((d) => ({
        dashboard_id: d.dashboard_id,
        month,
        views: seededRandom(`views:${d.partner_id}:${d.dashboard_name}`).int(3, 180),
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
