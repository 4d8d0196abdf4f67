// Test tooling shared by the workspaces' tests, the benchmarks, the fault suite and the production
// check. Never a dependency of a production package (CONTRIBUTING.md).
export { freePort } from './network.js';
export { type RunningS3rver, S3RVER_CREDENTIALS, startS3rver } from './s3rver.js';
export { BENCH_ADMIN_URL, CHROMIUM_PATH, databaseUrl, TEST_ADMIN_URL, TEST_REDIS_URL } from './services.js';
export { makeTestCertificates, type TestCertificates } from './test-ca.js';
