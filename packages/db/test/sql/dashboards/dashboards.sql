-- The SQL of packages/db/src/dashboards/dashboards.ts, written by src/sql-snapshots.unit.test.ts

-- deleteDashboard
delete from "dashboards" where "dashboard_id" = $1;

-- findDashboard
select "d"."dashboard_id" as "dashboardId", "d"."dashboard_name" as "dashboardName", "d"."dashboard_description" as "dashboardDescription", "d"."dashboard_url" as "dashboardUrl", "d"."dashboard_type" as "dashboardType", "d"."dashboard_content_type" as "dashboardContentType", "p"."access_type_code" as "partnerType", "p"."code" as "partnerCode", "p"."name" as "partnerName" from "dashboards" as "d" inner join "partners" as "p" on "p"."partner_id" = "d"."partner_id" where d.dashboard_id = any($1);

-- findDashboardContentCandidates
select "d"."dashboard_id" as "dashboardId", "d"."dashboard_name" as "dashboardName", "d"."dashboard_description" as "dashboardDescription", "d"."dashboard_url" as "dashboardUrl", "d"."dashboard_type" as "dashboardType", "d"."dashboard_content_type" as "dashboardContentType", "p"."access_type_code" as "partnerType", "p"."code" as "partnerCode", "p"."name" as "partnerName" from "dashboards" as "d" inner join "partners" as "p" on "p"."partner_id" = "d"."partner_id" where "d"."dashboard_type" = $1 and d.dashboard_url like $2;

-- findDashboards
select "d"."dashboard_id" as "dashboardId", "d"."dashboard_name" as "dashboardName", "d"."dashboard_description" as "dashboardDescription", "d"."dashboard_url" as "dashboardUrl", "d"."dashboard_type" as "dashboardType", "d"."dashboard_content_type" as "dashboardContentType", "p"."access_type_code" as "partnerType", "p"."code" as "partnerCode", "p"."name" as "partnerName" from "dashboards" as "d" inner join "partners" as "p" on "p"."partner_id" = "d"."partner_id" where d.dashboard_id = any($1);

-- findDashboardsByUrl
select "d"."dashboard_id" as "dashboardId", "d"."dashboard_name" as "dashboardName", "d"."dashboard_description" as "dashboardDescription", "d"."dashboard_url" as "dashboardUrl", "d"."dashboard_type" as "dashboardType", "d"."dashboard_content_type" as "dashboardContentType", "p"."access_type_code" as "partnerType", "p"."code" as "partnerCode", "p"."name" as "partnerName" from "dashboards" as "d" inner join "partners" as "p" on "p"."partner_id" = "d"."partner_id" where "d"."dashboard_type" = $1 and "d"."dashboard_url" = $2;

-- findDashboardsUnderStem
select "d"."dashboard_id" as "dashboardId", "d"."dashboard_name" as "dashboardName", "d"."dashboard_description" as "dashboardDescription", "d"."dashboard_url" as "dashboardUrl", "d"."dashboard_type" as "dashboardType", "d"."dashboard_content_type" as "dashboardContentType", "p"."access_type_code" as "partnerType", "p"."code" as "partnerCode", "p"."name" as "partnerName" from "dashboards" as "d" inner join "partners" as "p" on "p"."partner_id" = "d"."partner_id" where "d"."dashboard_type" = $1 and d.dashboard_url like $2;

-- findPartnerId
select "p"."partner_id" as "partnerId", "p"."access_type_code" as "type", "p"."code", "p"."name" from "partners" as "p" where upper(p.access_type_code) = upper($1) and upper(p.code) = upper($2);

-- insertDashboard
insert into "dashboards" ("partner_id", "dashboard_name", "dashboard_description", "dashboard_url", "dashboard_type", "dashboard_content_type", "updated_at") values ($1, $2, $3, $4, $5, $6, $7) returning "dashboard_id";

-- listAllDashboards
select "d"."dashboard_id" as "dashboardId", "d"."dashboard_name" as "dashboardName", "d"."dashboard_description" as "dashboardDescription", "d"."dashboard_url" as "dashboardUrl", "d"."dashboard_type" as "dashboardType", "d"."dashboard_content_type" as "dashboardContentType", "p"."access_type_code" as "partnerType", "p"."code" as "partnerCode", "p"."name" as "partnerName" from "dashboards" as "d" inner join "partners" as "p" on "p"."partner_id" = "d"."partner_id" where ("p"."access_type_code" = $1 and lower(p.code) = $2) order by "p"."access_type_code", "p"."code", "d"."dashboard_name";

-- listPartnerDashboards
select "d"."dashboard_id" as "dashboardId", "d"."dashboard_name" as "dashboardName", "d"."dashboard_description" as "dashboardDescription", "d"."dashboard_url" as "dashboardUrl", "d"."dashboard_type" as "dashboardType", "d"."dashboard_content_type" as "dashboardContentType", "p"."access_type_code" as "partnerType", "p"."code" as "partnerCode", "p"."name" as "partnerName" from "dashboards" as "d" inner join "partners" as "p" on "p"."partner_id" = "d"."partner_id" where upper(p.access_type_code) = upper($1) and upper(p.code) = upper($2) order by "d"."dashboard_name", "d"."dashboard_id";

-- listPartnerDashboardTypes
select distinct "p"."access_type_code" as "accessTypeCode", "p"."code" as "partnerCode", "d"."dashboard_type" as "dashboardType" from "dashboards" as "d" inner join "partners" as "p" on "p"."partner_id" = "d"."partner_id";

-- listPartnersWithDashboards
select "p"."access_type_code" as "accessTypeCode", "a"."name" as "accessTypeName", "p"."code", "p"."name", exists (select 1 from partner_images i where i.kind = 'LOGO' and i.partner_code = upper(btrim("p"."code"))) as "hasLogo" from "partners" as "p" inner join "access_types" as "a" on "a"."code" = "p"."access_type_code" where exists (select "d"."dashboard_id" from "dashboards" as "d" where "d"."partner_id" = "p"."partner_id") order by "p"."access_type_code", "p"."name";

-- updateDashboard
update "dashboards" set "partner_id" = $1, "dashboard_name" = $2, "dashboard_description" = $3, "dashboard_url" = $4, "dashboard_type" = $5, "dashboard_content_type" = $6, "updated_at" = $7 where "dashboard_id" = $8;
