import type { FastifyInstance } from 'fastify';
import healthRoutes from './health.js';

// Every route file of the API, one per area of SPEC.md §7.
export async function registerRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
}
