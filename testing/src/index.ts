// The test harness's services, shared by the workspaces' tests, the benchmarks, the fault suite and
// the production check; the rest by subpath (`@portal/testing/db`, `/api`, `/personas`, `/portal`,
// `/workers/*`, `/wait-for`). Never imported by production code (CONTRIBUTING.md).
export { freePort } from './network.js';
export { type RunningS3rver, S3RVER_CREDENTIALS, startS3rver } from './s3rver.js';
export { BENCH_ADMIN_URL, CHROMIUM_PATH, databaseUrl, TEST_ADMIN_URL, TEST_REDIS_URL } from './services.js';
export { makeTestCertificates, type TestCertificates } from './test-ca.js';
