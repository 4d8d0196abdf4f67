export * from './audit.js';
export * from './connection.js';
export * from './dashboard-activity.js';
export * from './dashboards.js';
export * from './migrate.js';
export type * from './schema.js';
export * from './service-accounts.js';
export * from './sessions.js';
export * from './users.js';
