import type { Database } from '@portal/db';
import type { Kysely } from 'kysely';

// What the dashboard rows of the matrix act on: EXT/BJS dashboards of each kind, and one the PUT
// row edits and one the DELETE row removes.
export type DashboardMatrixIds = {
  dashboardRStudio: number;
  dashboardTableau: number;
  dashboardQuickSight: number;
  dashboardToEdit: number;
  dashboardToDelete: number;
};
export const DASHBOARD_MATRIX_PINBOARD = 'mx-pinboard-1';

export async function seedDashboardFixtures(db: Kysely<Database>): Promise<DashboardMatrixIds> {
  const bjs = await db
    .selectFrom('partners')
    .select('partner_id')
    .where('access_type_code', '=', 'EXT')
    .where('code', '=', 'BJS')
    .executeTakeFirstOrThrow();
  const add = async (
    dashboard_type: 'RSTUDIO' | 'TABLEAU' | 'QUICKSIGHT' | 'THOUGHTSPOT',
    dashboard_url: string,
  ) =>
    (
      await db
        .insertInto('dashboards')
        .values({
          partner_id: bjs.partner_id,
          dashboard_name: `Matrix ${dashboard_type}`,
          dashboard_url,
          dashboard_type,
          dashboard_content_type: 'Sales',
          updated_at: new Date(),
        })
        .returning('dashboard_id')
        .executeTakeFirstOrThrow()
    ).dashboard_id;
  await add('THOUGHTSPOT', DASHBOARD_MATRIX_PINBOARD);
  return {
    dashboardRStudio: await add('RSTUDIO', '/content/mx-matrix/'),
    dashboardTableau: await add('TABLEAU', '/t/mx/views/Matrix/View'),
    dashboardQuickSight: await add('QUICKSIGHT', '/embed/demo/dashboards/mx-qs'),
    dashboardToEdit: await add('RSTUDIO', '/content/mx-edit/'),
    dashboardToDelete: await add('RSTUDIO', '/content/mx-delete/'),
  };
}
