import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, TEST_REDIS_URL } from '@portal/testing';
import { createTestDatabase, type TestDatabase } from '@portal/testing/db';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '@portal/testing/otlp-receiver';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { launchKeepingOutput } from '@portal/testing/processes';
import { waitFor } from '@portal/testing/wait-for';
import { startWebhookReceiver, type WebhookReceiver } from '@portal/testing/workers/webhook-receiver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobNameWithTrace } from '../../src/operations/queue-board.js';
import { seedReportCatalog } from '../reports/fixtures.js';

// One upload by a service account, followed through the portal as an operator's trace backend sees
// it: the API and the workers run as the processes production runs (`node --import` of their
// register file), exporting over OTLP/HTTP (http/json) to a real receiver here. The upload's trace
// holds the HTTP request, its SQL, the relay's publish, the notifications job, the subscription's
// mail and the webhook delivery's two attempts (a 500, then a 200), each under the right parent,
// from two processes named apart. The retry comes at once (WEBHOOK_RETRY_BASE_MS=1): no waiting on
// a clock; every wait below is for something to have happened.

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const cleanups: (() => Promise<unknown>)[] = [];
let database: TestDatabase;
let personas: SeededPersonas;
let collector: OtlpReceiver;
let receiver: WebhookReceiver;
let api: Started;
let workers: Started;
let baseUrl: string;
let mailDir: string;

type Started = { child: ChildProcess; output: () => string; stop(): Promise<void> };

function launch(register: string, main: string, env: Record<string, string>): Started {
  const launched = launchKeepingOutput(
    ['--import', 'tsx', '--import', `@portal/telemetry/${register}`, main],
    {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    },
  );
  cleanups.push(launched.stop);
  return launched;
}

beforeAll(async () => {
  database = await createTestDatabase();
  cleanups.push(() => database.drop());
  personas = await seedPersonas(database.db);
  await seedReportCatalog(database.db);
  collector = await startOtlpReceiver();
  cleanups.push(() => collector.close());
  receiver = await startWebhookReceiver('127.0.0.2', { tls: false });
  cleanups.push(() => receiver.close());
  const filesDir = await mkdtemp(join(tmpdir(), 'portal-tracing-files-'));
  mailDir = await mkdtemp(join(tmpdir(), 'portal-tracing-mail-'));
  cleanups.push(() => rm(filesDir, { recursive: true, force: true }));
  cleanups.push(() => rm(mailDir, { recursive: true, force: true }));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const shared = {
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: `tracing-${randomBytes(4).toString('hex')}`,
    STORAGE_DIR: filesDir,
    PUBLIC_URL: baseUrl,
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOWED_RANGES: '127.0.0.2/32',
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
  };
  api = launch('register-api', 'apps/api/src/server.ts', { ...shared, PORT: String(port) });
  workers = launch('register-workers', 'workers/src/main.ts', {
    ...shared,
    MAIL_DIR: mailDir,
    SUBSCRIPTION_WINDOW_SECONDS: '0',
    WEBHOOK_RETRY_BASE_MS: '1',
  });
  await waitFor(
    'the API answers',
    async () => {
      if (api.child.exitCode !== null) throw new Error(`the API exited:\n${api.output()}`);
      return (await fetch(`${baseUrl}/readyz`).catch(() => undefined))?.ok;
    },
    120_000,
    200,
  );
  await waitFor(
    'the workers started',
    () => {
      if (workers.child.exitCode !== null) throw new Error(`the workers exited:\n${workers.output()}`);
      return workers.output().includes('workers started');
    },
    120_000,
    200,
  );
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function call(
  persona: Parameters<SeededPersonas['headers']>[0],
  method: string,
  path: string,
  body?: object,
) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(await personas.headers(persona)),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

it('follows one upload through both processes in one trace, each span under the right parent', async () => {
  // A follower of EXT/BJS settlement files, and an endpoint of the uploading service account.
  const followed = await call('externalReports', 'PUT', '/api/reports/EXT/BJS/SETTLEMENT/subscription', {
    delivery: 'AS_THEY_ARRIVE',
    frequencyTypeCodes: [],
  });
  expect(followed.status).toBe(200);
  const created = await call('internalAdmin', 'POST', '/api/admin/webhooks', {
    serviceAccountId: 'svc-reports',
    url: `${receiver.origin}/settlements`,
    eventTypes: ['report.available'],
    partners: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
    categoryCodes: ['SETTLEMENT'],
  });
  expect(created.status).toBe(201);
  receiver.answer('/settlements', (n) => ({ status: n === 0 ? 500 : 200 }));

  const form = new FormData();
  form.append('reportDate', '2026-11-27');
  form.append('frequencyTypeCode', 'DLY');
  form.append('file', new Blob(['store,amount\n1,2\n']), 'SETTLEMENT_D.csv');
  const uploaded = await fetch(`${baseUrl}/api/reports/EXT/BJS/SETTLEMENT/upload`, {
    method: 'POST',
    headers: await personas.headers('serviceAccount'),
    body: form,
  });
  expect(uploaded.status).toBe(201);

  await waitFor('the retry after the 500 answered', () => receiver.at('/settlements').length === 2, 60_000);
  await waitFor(
    'both attempts recorded',
    async () =>
      (await database.db.selectFrom('webhook_delivery_attempts').select('attempt').execute()).length === 2,
    30_000,
  );
  await waitFor(
    'the subscription mail sent',
    () => /"jobId":"subscription-mail-[^"]*"[^\n]*"msg":"mail sent"/.test(workers.output()),
    60_000,
  );
  // A process stopping exports what it holds: after both stops every span has arrived.
  await workers.stop();
  await api.stop();

  const request = collector.spans.find(
    (span) =>
      span.name === 'request' &&
      span.attributes['http.route'] ===
        '/api/reports/:accessTypeCode/:partnerCode/:reportCategoryCode/upload',
  );
  expect(request, collector.spans.map((s) => s.name).join(', ')).toMatchObject({
    service: 'portal-api',
    parentSpanId: '',
  });
  const trace = collector.spans.filter((span) => span.traceId === request!.traceId);
  const byId = new Map(trace.map((span) => [span.spanId, span]));
  const parentOf = (span: ReceivedSpan) => byId.get(span.parentSpanId);
  const ancestors = (span: ReceivedSpan): ReceivedSpan[] => {
    const parent = parentOf(span);
    return parent ? [parent, ...ancestors(parent)] : [];
  };
  const one = (what: string, match: (span: ReceivedSpan) => boolean) => {
    const found = trace.filter(match);
    expect(
      found.map((s) => s.name),
      what,
    ).toHaveLength(1);
    return found[0]!;
  };
  // Every span of the trace hangs from the request: one tree, no orphan.
  for (const span of trace) {
    if (span !== request) expect(ancestors(span), span.name).toContain(request);
  }

  const apiSql = trace.filter(
    (span) => span.service === 'portal-api' && span.attributes['db.system.name'] === 'postgresql',
  );
  expect(apiSql.length).toBeGreaterThan(0);
  expect(apiSql.some((span) => /insert into "?outbox/i.test(String(span.attributes['db.query.text'])))).toBe(
    true,
  );

  const publish = one(
    'the relay publishing the report event',
    (span) => span.name === 'publish notifications.notifications.report-event',
  );
  expect(publish.service).toBe('portal-workers');
  expect(parentOf(publish)?.service).toBe('portal-api');
  const add = one('BullMQ adding it', (span) => span.name === 'add notifications.notifications.report-event');
  expect(parentOf(add)).toBe(publish);
  const job = one(
    'the notifications job',
    (span) => span.name === 'process notifications.notifications.report-event',
  );
  expect(parentOf(job)).toBe(add);
  expect(
    trace.some((span) => parentOf(span) === job && span.attributes['db.system.name'] === 'postgresql'),
  ).toBe(true);

  const mail = one('the subscription mail', (span) => span.name === 'subscription mail');
  expect(parentOf(mail)).toBe(job);
  const sent = one('the mail job', (span) => span.name === 'process mail.mail.send');
  expect(ancestors(sent)).toContain(mail);

  const attempts = trace.filter((span) => span.name === 'webhook delivery attempt');
  expect(attempts.map((span) => span.attributes['http.response.status_code']).sort()).toEqual([200, 500]);
  for (const attempt of attempts) {
    expect(attempt.service).toBe('portal-workers');
    expect(parentOf(attempt)).toBe(job);
  }
  expect(new Set(trace.map((span) => span.service))).toEqual(new Set(['portal-api', 'portal-workers']));

  // Nothing else starts a trace: not the relay's and the dispatcher's polling (SQL), not BullMQ's
  // (Redis), not the subscription dispatch's idle ticks every 15 s; only scheduled work that found
  // something to do (the batches a fresh database is behind on, caught up at the workers' start).
  const roots = collector.spans.filter((span) => span.parentSpanId === '');
  const scheduled = ['monitors.schedule', 'batches.disputes-schedule', 'batches.invoices-schedule'];
  // (The test's own calls before the upload are requests too.)
  expect(
    roots.filter((span) => span.name !== 'request' && !scheduled.includes(span.name)).map((s) => s.name),
  ).toEqual([]);
  for (const root of roots.filter((span) => span.name.startsWith('batches.'))) {
    const runs = collector.spans.filter(
      (span) => span.traceId === root.traceId && span.name === 'process batches.batches.run',
    );
    expect(runs.length, root.name).toBeGreaterThan(0);
  }

  // The delivery log keeps each attempt's trace id.
  const logged = await database.db.selectFrom('webhook_delivery_attempts').select('trace_id').execute();
  expect(logged.map((row) => row.trace_id)).toEqual([request!.traceId, request!.traceId]);
});

it("names each job's trace on the queue board", async () => {
  const metadata = JSON.stringify({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' });
  expect(jobNameWithTrace({ name: 'mail.send', opts: { telemetry: { metadata } } })).toBe(
    'mail.send · trace 4bf92f3577b34da6a3ce929d0e0e4736',
  );
  expect(jobNameWithTrace({ name: 'subscriptions.dispatch', opts: {} })).toBe('subscriptions.dispatch');
});
