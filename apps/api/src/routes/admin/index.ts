import type { FastifyInstance } from 'fastify';
import auditLogRoutes from './audit-log.js';
import datasetRoutes from './datasets.js';
import frequencyTypeRoutes from './frequency-types.js';
import partnerRoutes from './partners.js';
import reportCategoryRoutes from './report-categories.js';
import reportMonitorRoutes from './report-monitors.js';
import userRoutes from './users.js';

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
