export * from './connection.js';
export * from './migrate.js';
export type * from './schema.js';
