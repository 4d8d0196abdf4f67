import type { Database } from '@portal/db';
import type { Kysely } from 'kysely';

// Dashboards of the partners the personas use (support/personas.ts): BJS has one of each kind,
// SAM and OTH have dashboards only their users (and the admin) may open.
export const TEST_DASHBOARDS = {
  bjsRStudio: {
    partner: 'BJS',
    type: 'RSTUDIO',
    name: 'Sales Overview',
    url: '/content/demo-sales-overview/',
  },
  bjsTableau: {
    partner: 'BJS',
    type: 'TABLEAU',
    name: 'Partner Sales Overview',
    url: '/t/demo/views/PartnerSales/Overview',
  },
  bjsThoughtSpot: {
    partner: 'BJS',
    type: 'THOUGHTSPOT',
    name: 'Card Program Performance',
    url: 'pinboard-bjs-1',
  },
  bjsQuickSight: {
    partner: 'BJS',
    type: 'QUICKSIGHT',
    name: 'Settlement Trends',
    url: '/embed/demo/dashboards/demo-qs-1',
  },
  bjsQuickSightReal: {
    partner: 'BJS',
    type: 'QUICKSIGHT',
    name: 'Chargebacks',
    url: '/embed/abc123/dashboards/qs-dash-7',
  },
  samRStudio: {
    partner: 'SAM',
    type: 'RSTUDIO',
    name: 'Operations Health',
    url: '/content/demo-operations-health/',
  },
  othTableau: {
    partner: 'OTH',
    type: 'TABLEAU',
    name: 'Regional Sales',
    url: '/t/demo/views/PartnerSales/Regions',
  },
  othThoughtSpot: { partner: 'OTH', type: 'THOUGHTSPOT', name: 'Member Credit', url: 'pinboard-oth-1' },
  othQuickSight: {
    partner: 'OTH',
    type: 'QUICKSIGHT',
    name: 'Other Trends',
    url: '/embed/demo/dashboards/demo-qs-2',
  },
  othRStudio: { partner: 'OTH', type: 'RSTUDIO', name: 'Portal Usage', url: '/content/demo-portal-usage/' },
} as const;

export type DashboardIds = Record<keyof typeof TEST_DASHBOARDS, number>;

/** Inserts the test dashboards (partners must exist: seedPartners) and returns their ids. */
export async function seedDashboards(db: Kysely<Database>): Promise<DashboardIds> {
  const ids = {} as DashboardIds;
  for (const [key, d] of Object.entries(TEST_DASHBOARDS)) {
    const partner = await db
      .selectFrom('partners')
      .select('partner_id')
      .where('access_type_code', '=', 'EXT')
      .where('code', '=', d.partner)
      .executeTakeFirstOrThrow();
    const row = await db
      .insertInto('dashboards')
      .values({
        partner_id: partner.partner_id,
        dashboard_name: d.name,
        dashboard_description: `${d.name} description`,
        dashboard_url: d.url,
        dashboard_type: d.type,
        dashboard_content_type: d.type === 'RSTUDIO' ? 'Operations' : 'Sales',
        updated_at: new Date(),
      })
      .returning('dashboard_id')
      .executeTakeFirstOrThrow();
    ids[key as keyof DashboardIds] = row.dashboard_id;
  }
  return ids;
}
