import type { FastifyInstance } from 'fastify';
import datasetRoutes from '../datasets/dataset-routes.js';
import reportMonitorRoutes from '../monitors/report-monitor-routes.js';
import auditLogRoutes from './audit-log-routes.js';
import frequencyTypeRoutes from './frequency-type-routes.js';
import partnerRoutes from './partner-routes.js';
import reportCategoryRoutes from './report-category-routes.js';
import userRoutes from './user-routes.js';

// The administration of reference data (SPEC.md §7 Admin reads and writes, monitors, datasets).
export async function adminRoutes(app: FastifyInstance) {
  await app.register(partnerRoutes);
  await app.register(reportCategoryRoutes);
  await app.register(frequencyTypeRoutes);
  await app.register(reportMonitorRoutes);
  await app.register(datasetRoutes);
  await app.register(userRoutes);
  await app.register(auditLogRoutes);
}
