import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { docSample } from '@portal/testing/doc-samples';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedReportCatalog } from './reports/fixtures.js';

// The shell samples of the docs, run as written against a real API on a real socket, with curl:
// a service account's upload, list and download (docs/integrating/reports-api.md) and the look at
// health and metrics (docs/operating/health-and-metrics.md).

const run = promisify(execFile);
const METRICS_TOKEN = 'docs-sample-metrics-token';
const CSV = 'date,amount\n2026-11-20,12.50\n';

let t: TestApp;
let personas: SeededPersonas;
let portal: string;
let uploads: string;
let downloads: string;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN });
  personas = await seedPersonas(t.database.db);
  await seedReportCatalog(t.database.db);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  portal = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  uploads = await mkdtemp(join(tmpdir(), 'portal-docs-uploads-'));
  downloads = await mkdtemp(join(tmpdir(), 'portal-docs-downloads-'));
  await writeFile(join(uploads, 'settlement-2026-11-20.csv'), CSV);
});

afterAll(async () => {
  await t?.close();
  for (const dir of [uploads, downloads]) if (dir) await rm(dir, { recursive: true, force: true });
});

/** A sample in bash, failing on its first failing command, with the samples' shell variables. */
async function runSample(code: string, cwd: string, variables: Record<string, string>) {
  const { stdout } = await run('bash', ['-e', '-o', 'pipefail', '-c', code], {
    cwd,
    env: { PATH: process.env.PATH, ...variables },
  });
  return stdout;
}

it('uploads, lists and downloads a report as docs/integrating/reports-api.md shows', async () => {
  const variables = { portal, token: personas.token };
  const uploaded = JSON.parse(
    await runSample(docSample('docs/integrating/reports-api.md', 'reports-upload').code, uploads, variables),
  );
  expect(uploaded).toMatchObject({
    fileName: 'settlement-2026-11-20.csv',
    reportDate: '2026-11-20',
    frequencyType: 'DLY',
    rawSize: CSV.length,
    sha256: createHash('sha256').update(CSV).digest('hex'),
    supersededReportId: null,
  });

  const listed = JSON.parse(
    await runSample(docSample('docs/integrating/reports-api.md', 'reports-list').code, uploads, variables),
  );
  expect(listed.reports.DLY.map((r: { id: number }) => r.id)).toEqual([uploaded.reportId]);

  await runSample(docSample('docs/integrating/reports-api.md', 'reports-download').code, downloads, {
    ...variables,
    report_id: String(uploaded.reportId),
  });
  expect(await readFile(join(downloads, 'settlement-2026-11-20.csv'), 'utf8')).toBe(CSV);
});

it('reads readiness and the outbox metrics as docs/operating/health-and-metrics.md shows', async () => {
  const output = await runSample(
    docSample('docs/operating/health-and-metrics.md', 'health-check').code,
    uploads,
    {
      portal,
      metrics_token: METRICS_TOKEN,
    },
  );
  const [readiness, ...metrics] = output.trim().split('\n');
  expect(JSON.parse(readiness ?? '')).toMatchObject({ status: 'OK', database: 'OK', queue: 'OK' });
  expect(metrics.some((line) => line.startsWith('portal_outbox_waiting '))).toBe(true);
  expect(metrics.some((line) => line.startsWith('portal_outbox_oldest_age_seconds '))).toBe(true);
});

it('resumes a cut-off download and verifies it against Repr-Digest as docs/integrating/reports-api.md shows', async () => {
  const big = `date,amount\n${'2026-11-20,12.50\n'.repeat(20_000)}`;
  const folder = await mkdtemp(join(tmpdir(), 'portal-docs-resume-'));
  try {
    await writeFile(join(folder, 'settlement-2026-11-20.csv'), big);
    const variables = { portal, token: personas.token };
    const uploaded = JSON.parse(
      await runSample(docSample('docs/integrating/reports-api.md', 'reports-upload').code, folder, variables),
    );
    const withReport = { ...variables, report_id: String(uploaded.reportId) };
    await runSample(
      docSample('docs/integrating/reports-api.md', 'reports-download-start').code,
      folder,
      withReport,
    );
    // The transfer broke after a third of the file.
    await writeFile(join(folder, 'report.csv'), big.slice(0, Math.floor(big.length / 3)));
    const output = await runSample(
      docSample('docs/integrating/reports-api.md', 'reports-download-resume').code,
      folder,
      withReport,
    );
    expect(output.trim()).toBe('verified');
    expect(await readFile(join(folder, 'report.csv'), 'utf8')).toBe(big);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
