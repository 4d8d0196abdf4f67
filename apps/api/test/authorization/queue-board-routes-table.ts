import { type RouteRow, route } from './matrix.js';

// The matrix rows of Bull Board at /admin/queues (apps/api/src/operations/queue-board.ts), spread
// into routes-table.ts. Every one of its routes is for internal admins only (INTERNAL_ADMIN):
// anyone else gets 401 or 403 before Bull Board sees the call. The admin's column is what Bull
// Board answers on the test's empty queues (a job or scheduler that does not exist: 404).

const adminOnly = (status: number) => `401 403 403 403 403 ${status} 403 403`;

export const queueBoardRoutesTable: RouteRow[] = [
  //                                                                       anon ext dash staff ops admin tenant svc
  route('GET /admin/queues', adminOnly(200)),
  route('GET /admin/queues/metrics-history', adminOnly(200)),
  route('GET /admin/queues/job-schedulers', adminOnly(200)),
  route('GET /admin/queues/queue/:queueName', adminOnly(200), { params: () => ({ queueName: 'mail' }) }),
  route('GET /admin/queues/queue/:queueName/:jobId', adminOnly(200), {
    params: () => ({ queueName: 'mail', jobId: 'matrix-no-such-job' }),
  }),
  route('GET /admin/queues/api/redis/stats', adminOnly(200)),
  route('GET /admin/queues/api/queues', adminOnly(200)),
  route('GET /admin/queues/api/job-schedulers', adminOnly(200)),
  route('GET /admin/queues/api/queues/:queueName/metrics', adminOnly(200), {
    params: () => ({ queueName: 'mail' }),
  }),
  route('GET /admin/queues/api/queues/:queueName/default-job-options', adminOnly(200), {
    params: () => ({ queueName: 'mail' }),
  }),
  route('GET /admin/queues/api/queues/:queueName/workers', adminOnly(200), {
    params: () => ({ queueName: 'mail' }),
  }),
  route('GET /admin/queues/api/queues/:queueName/rate-limit', adminOnly(200), {
    params: () => ({ queueName: 'mail' }),
  }),
  route('GET /admin/queues/api/queues/:queueName/job-data-schema', adminOnly(200), {
    params: () => ({ queueName: 'mail' }),
  }),
  route('PUT /admin/queues/api/queues/pause', adminOnly(200), { body: {} }),
  route('PUT /admin/queues/api/queues/resume', adminOnly(200), { body: {} }),
  route('GET /admin/queues/api/queues/:queueName/:jobId/logs', adminOnly(200), {
    params: () => ({ queueName: 'mail', jobId: 'matrix-no-such-job' }),
  }),
  route('GET /admin/queues/api/queues/:queueName/:jobId/flow', adminOnly(404), {
    params: () => ({ queueName: 'mail', jobId: 'matrix-no-such-job' }),
  }),
  route('GET /admin/queues/api/queues/:queueName/:jobId', adminOnly(404), {
    params: () => ({ queueName: 'mail', jobId: 'matrix-no-such-job' }),
  }),
  route('POST /admin/queues/api/queues/:queueName/add', adminOnly(200), {
    params: () => ({ queueName: 'mail' }),
    body: {},
  }),
  route('PUT /admin/queues/api/queues/:queueName/retry/:queueStatus', adminOnly(200), {
    params: () => ({ queueName: 'mail', queueStatus: 'failed' }),
    body: {},
  }),
  route('PUT /admin/queues/api/queues/:queueName/promote', adminOnly(200), {
    params: () => ({ queueName: 'mail' }),
    body: {},
  }),
  route('PUT /admin/queues/api/queues/:queueName/clean/:queueStatus', adminOnly(200), {
    params: () => ({ queueName: 'mail', queueStatus: 'failed' }),
    body: {},
  }),
  route('PUT /admin/queues/api/queues/:queueName/pause', adminOnly(200), {
    params: () => ({ queueName: 'mail' }),
    body: {},
  }),
  route('PUT /admin/queues/api/queues/:queueName/resume', adminOnly(200), {
    params: () => ({ queueName: 'mail' }),
    body: {},
  }),
  route('PUT /admin/queues/api/queues/:queueName/concurrency', adminOnly(400), {
    params: () => ({ queueName: 'mail' }),
    body: {},
  }),
  route('PUT /admin/queues/api/queues/:queueName/rate-limit', adminOnly(200), {
    params: () => ({ queueName: 'mail' }),
    body: {},
  }),
  route('PUT /admin/queues/api/queues/:queueName/rate-limit/release', adminOnly(200), {
    params: () => ({ queueName: 'mail' }),
    body: {},
  }),
  route('PUT /admin/queues/api/queues/:queueName/empty', adminOnly(200), {
    params: () => ({ queueName: 'mail' }),
    body: {},
  }),
  route('PUT /admin/queues/api/queues/:queueName/obliterate', adminOnly(400), {
    params: () => ({ queueName: 'mail' }),
    body: {},
  }),
  route('PUT /admin/queues/api/queues/:queueName/job-schedulers/:schedulerId/remove', adminOnly(404), {
    params: () => ({ queueName: 'mail', schedulerId: 'matrix-no-such-scheduler' }),
    body: {},
  }),
  route('PATCH /admin/queues/api/queues/:queueName/job-schedulers/:schedulerId', adminOnly(400), {
    params: () => ({ queueName: 'mail', schedulerId: 'matrix-no-such-scheduler' }),
    body: {},
  }),
  route('PUT /admin/queues/api/queues/:queueName/job-schedulers/:schedulerId/run', adminOnly(404), {
    params: () => ({ queueName: 'mail', schedulerId: 'matrix-no-such-scheduler' }),
    body: {},
  }),
  route('PUT /admin/queues/api/queues/:queueName/:jobId/retry', adminOnly(404), {
    params: () => ({ queueName: 'mail', jobId: 'matrix-no-such-job' }),
    body: {},
  }),
  route('PUT /admin/queues/api/queues/:queueName/:jobId/clean', adminOnly(404), {
    params: () => ({ queueName: 'mail', jobId: 'matrix-no-such-job' }),
    body: {},
  }),
  route('PUT /admin/queues/api/queues/:queueName/:jobId/promote', adminOnly(404), {
    params: () => ({ queueName: 'mail', jobId: 'matrix-no-such-job' }),
    body: {},
  }),
  route('PATCH /admin/queues/api/queues/:queueName/:jobId/update-data', adminOnly(400), {
    params: () => ({ queueName: 'mail', jobId: 'matrix-no-such-job' }),
    body: {},
  }),
  route('PATCH /admin/queues/api/queues/:queueName/:jobId/delay', adminOnly(400), {
    params: () => ({ queueName: 'mail', jobId: 'matrix-no-such-job' }),
    body: {},
  }),
  route('PATCH /admin/queues/api/queues/:queueName/:jobId/priority', adminOnly(400), {
    params: () => ({ queueName: 'mail', jobId: 'matrix-no-such-job' }),
    body: {},
  }),
  route('PUT /admin/queues/api/queues/:queueName/:jobId/remove-unprocessed-children', adminOnly(404), {
    params: () => ({ queueName: 'mail', jobId: 'matrix-no-such-job' }),
    body: {},
  }),
  route('GET /admin/queues/static/*', adminOnly(404)),
];
