import { type Static, Type } from 'typebox';
import { CodeName, Nullable } from './common.js';

// The replies of the dashboard calls (SPEC.md §3 Dashboard, §7 Dashboards).

export const DashboardPartner = Type.Object({
  type: Type.String(),
  code: Type.String(),
  name: Type.String(),
  /** Beyond SPEC.md: whether a logo was uploaded, so a card without one asks for none (issue 24). */
  hasLogo: Type.Optional(Type.Boolean()),
});
export type DashboardPartner = Static<typeof DashboardPartner>;

export const Dashboard = Type.Object({
  dashboardId: Type.Integer(),
  dashboardName: Type.String(),
  dashboardDescription: Type.String(),
  dashboardUrl: Type.String(),
  dashboardType: Type.String(),
  dashboardContentType: Nullable(Type.String()),
  partner: DashboardPartner,
});
export type Dashboard = Static<typeof Dashboard>;

/** GET /api/dashboards: the dashboards of the partners the manager may access. */
export const Dashboards = Type.Array(Dashboard);
export type Dashboards = Static<typeof Dashboards>;

/** DELETE /api/dashboards/:dashboardId. */
export const DeletedDashboard = Type.Object({ dashboardId: Type.Integer() });
export type DeletedDashboard = Static<typeof DeletedDashboard>;

/** GET /api/dashboards/:accessTypeCode/:partnerCode. */
export const PartnerDashboards = Type.Object({
  partner: DashboardPartner,
  dashboards: Type.Array(Dashboard),
});
export type PartnerDashboards = Static<typeof PartnerDashboards>;

/** GET /api/dashboards/partners: the partners with dashboards the user may see, by access type. */
export const DashboardPartners = Type.Object({
  accessTypes: Type.Array(CodeName),
  partners: Type.Record(Type.String(), Type.Array(DashboardPartner)),
});
export type DashboardPartners = Static<typeof DashboardPartners>;

/** GET /api/{warehouse}/activity-logs/popular-dashboards/…: one row per dashboard, most viewed first. */
export const PopularDashboard = Type.Object({ dashboardId: Type.Integer(), views: Type.Integer() });
export type PopularDashboard = Static<typeof PopularDashboard>;
export const PopularDashboards = Type.Array(PopularDashboard);
export type PopularDashboards = Static<typeof PopularDashboards>;

/** GET /api/dashboards/content-types/:accessTypeCode/:partnerCode: the distinct content types, sorted. */
export const DashboardContentTypes = Type.Array(Type.String());
export type DashboardContentTypes = Static<typeof DashboardContentTypes>;

/** The 202 of POST /api/activity/track/dashboard-view|dashboard-fail/:dashboardId. */
export const TrackedDashboardEvent = Type.Object({ eventId: Type.String() });
export type TrackedDashboardEvent = Static<typeof TrackedDashboardEvent>;

// The vendors' embedding calls (SPEC.md §7): a short-lived token or a single-use URL only.

/** GET /api/ThoughtSpotEmbed/:pinboardId: a new trusted-authentication token for the user. */
export const ThoughtSpotToken = Type.Object({
  token: Type.String(),
  creation_time_in_millis: Type.Number(),
  expiration_time_in_millis: Type.Number(),
  valid_for_username: Type.String(),
  thoughtSpotHost: Type.String(),
});
export type ThoughtSpotToken = Static<typeof ThoughtSpotToken>;

/** GET and POST /api/thoughtspot/user: the signed-in user in ThoughtSpot. */
export const ThoughtSpotUser = Type.Object({
  id: Type.String(),
  name: Type.String(),
  display_name: Type.String(),
  email: Type.Optional(Type.String()),
});
export type ThoughtSpotUser = Static<typeof ThoughtSpotUser>;

/** GET /api/quicksight/:dashboardId: a fresh embed URL. */
export const QuickSightEmbed = Type.Object({ dashboardUrl: Type.String(), dashboardName: Type.String() });
export type QuickSightEmbed = Static<typeof QuickSightEmbed>;

/** GET /api/tableau/:dashboardId: a connected-app JWT, with the view path. */
export const TableauEmbed = Type.Object({
  dashboardUrl: Type.String(),
  dashboardName: Type.String(),
  token: Type.String(),
});
export type TableauEmbed = Static<typeof TableauEmbed>;
