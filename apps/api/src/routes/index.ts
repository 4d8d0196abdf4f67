import type { FastifyInstance } from 'fastify';
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
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(serviceAccountRoutes);
  await app.register(reportMonitorRunsRoutes);
  await app.register(faqRoutes);
  await app.register(contactUsRoutes);
  await app.register(bannerRoutes);
  await app.register(logoRoutes);
  await app.register(marketingRoutes);
  await app.register(reportRoutes);
  await app.register(reportFileRoutes);
  await app.register(humanVerificationRoutes);
  await app.register(adminRoutes);
  await app.register(dashboardRoutes);
  await app.register(adminDashboardRoutes);
  await app.register(dashboardActivityRoutes);
  await app.register(dashboardEmbedRoutes);
  await app.register(saasUserRoutes);
  await app.register(invitationAcceptanceRoutes);
  await app.register(formRoutes);
  await app.register(formBatchRoutes);
}
