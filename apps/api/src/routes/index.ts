import type { FastifyInstance } from 'fastify';
import { declareApiRoutes } from '../plugins/input-gate.js';
import adminDashboardRoutes from './admin/dashboards.js';
import { adminRoutes } from './admin/index.js';
import authRoutes from './auth.js';
import bannerRoutes from './banner.js';
import contactUsRoutes from './contact-us.js';
import dashboardActivityRoutes from './dashboard-activity.js';
import dashboardEmbedRoutes from './dashboard-embeds.js';
import dashboardRoutes from './dashboards.js';
import faqRoutes from './faqs.js';
import formBatchRoutes from './form-batches.js';
import formRoutes from './forms.js';
import healthRoutes from './health.js';
import humanVerificationRoutes from './human-verification.js';
import invitationAcceptanceRoutes from './invitation-acceptance.js';
import logoRoutes from './logo.js';
import marketingRoutes from './marketing.js';
import reportFileRoutes from './report-files.js';
import reportMonitorRunsRoutes from './report-monitor-runs.js';
import reportRoutes from './reports.js';
import saasUserRoutes from './saas-users.js';
import serviceAccountRoutes from './service-accounts.js';
import userRoutes from './user.js';

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
  });
}
