import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/admin-routes.js';
import authRoutes from './authentication/auth-routes.js';
import humanVerificationRoutes from './authentication/human-verification-routes.js';
import userRoutes from './authentication/user-routes.js';
import bannerRoutes from './banner/banner-routes.js';
import adminDashboardRoutes from './dashboards/admin-dashboard-routes.js';
import dashboardActivityRoutes from './dashboards/dashboard-activity-routes.js';
import dashboardEmbedRoutes from './dashboards/dashboard-embed-routes.js';
import dashboardRoutes from './dashboards/dashboard-routes.js';
import contactUsRoutes from './faq-and-support/contact-us-routes.js';
import faqRoutes from './faq-and-support/faq-routes.js';
import formBatchRoutes from './forms/form-batch-routes.js';
import formRoutes from './forms/form-routes.js';
import logoRoutes from './marketing/logo-routes.js';
import marketingRoutes from './marketing/marketing-routes.js';
import reportMonitorRunsRoutes from './monitors/report-monitor-run-routes.js';
import healthRoutes from './operations/health-routes.js';
import serviceAccountRoutes from './operations/service-account-routes.js';
import { declareApiRoutes } from './plugins/input-gate.js';
import reportFileRoutes from './reports/report-files-routes.js';
import reportRoutes from './reports/reports-routes.js';
import subscriptionRoutes from './reports/subscription-routes.js';
import invitationAcceptanceRoutes from './saas-users/invitation-acceptance-routes.js';
import saasUserRoutes from './saas-users/saas-user-routes.js';
import webhookRoutes from './webhooks/webhook-routes.js';

// Every route file of the API, one per area of SPEC.md §7.
export async function registerRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  // The API proper, under the schema rules of plugins/input-gate.ts.
  await app.register(async (api) => {
    declareApiRoutes(api);
    await api.register(authRoutes);
    await api.register(userRoutes);
    await api.register(serviceAccountRoutes);
    await api.register(reportMonitorRunsRoutes);
    await api.register(faqRoutes);
    await api.register(contactUsRoutes);
    await api.register(bannerRoutes);
    await api.register(logoRoutes);
    await api.register(marketingRoutes);
    await api.register(reportRoutes);
    await api.register(reportFileRoutes);
    await api.register(subscriptionRoutes);
    await api.register(humanVerificationRoutes);
    await api.register(adminRoutes);
    await api.register(dashboardRoutes);
    await api.register(adminDashboardRoutes);
    await api.register(dashboardActivityRoutes);
    await api.register(dashboardEmbedRoutes);
    await api.register(saasUserRoutes);
    await api.register(invitationAcceptanceRoutes);
    await api.register(formRoutes);
    await api.register(formBatchRoutes);
    await api.register(webhookRoutes);
  });
}
