import { workerConnection } from '@portal/queue';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { PERSONAS, type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const METRICS_TOKEN = 'metrics-test-token-0123456789';

describe('/metrics', () => {
  let t: TestApp;
  let personas: SeededPersonas;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN });
    personas = await seedPersonas(t.database.db);
  });
  afterAll(async () => t?.close());

  it('answers Prometheus with the bearer METRICS_TOKEN: HTTP durations, outbox and queues', async () => {
    await t.app.inject('/healthz');
    const reply = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/plain');
    expect(reply.body).toMatch(
      /portal_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} 1/,
    );
    expect(reply.body).toMatch(/^portal_outbox_waiting 0$/m);
    expect(reply.body).toMatch(/^portal_outbox_oldest_age_seconds 0$/m);
    expect(reply.body).toMatch(/^portal_queue_jobs\{queue="mail",state="failed"\} 0$/m);
    expect(reply.body).toMatch(/^portal_queue_up 1$/m);
  });

  it('counts an outbox row waiting and its age', async () => {
    await t.database.db
      .insertInto('outbox')
      .values({
        queue: 'mail',
        job_name: 'mail.send',
        payload: JSON.stringify({ to: ['a@b.test'], subject: 's', text: 't' }),
        created_at: new Date(Date.now() - 90_000),
      })
      .execute();
    const reply = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(reply.body).toMatch(/^portal_outbox_waiting 1$/m);
    const age = Number(/^portal_outbox_oldest_age_seconds (\S+)$/m.exec(reply.body)?.[1]);
    expect(age).toBeGreaterThanOrEqual(89);
    const ready = (await t.app.inject('/readyz')).json();
    expect(ready.outbox.waiting).toBe(1);
    expect(ready.outbox.oldestAgeSeconds).toBeGreaterThanOrEqual(89);
  });

  it('refuses every signed-in persona, a wrong token and a portal API token', async () => {
    for (const persona of PERSONAS) {
      const reply = await t.app.inject({ url: '/metrics', headers: await personas.headers(persona) });
      expect(reply.statusCode, persona).toBe(401);
      expect(reply.body).not.toContain('portal_');
    }
    for (const authorization of [
      `Bearer ${METRICS_TOKEN}x`,
      `Bearer ${METRICS_TOKEN.slice(1)}`,
      METRICS_TOKEN,
    ]) {
      const reply = await t.app.inject({ url: '/metrics', headers: { authorization } });
      expect(reply.statusCode, authorization).toBe(401);
    }
  });

  it('is off when METRICS_TOKEN is not set', async () => {
    const off = await createTestApp();
    try {
      const reply = await off.app.inject({ url: '/metrics', headers: { authorization: 'Bearer anything' } });
      expect(reply.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('/admin/queues (Bull Board)', () => {
  let t: TestApp;
  let personas: SeededPersonas;
  beforeAll(async () => {
    t = await createTestApp();
    personas = await seedPersonas(t.database.db);
  });
  afterAll(async () => t?.close());

  it('shows internal admins every queue and its jobs', async () => {
    const queue = new Queue('mail', {
      connection: workerConnection(t.config.REDIS_URL),
      prefix: t.queuePrefix,
    });
    try {
      await queue.add('mail.send', { to: ['x@y.test'] }, { jobId: 'board-waiting-job' });
    } finally {
      await queue.close();
    }
    const headers = await personas.headers('internalAdmin');
    const page = await t.app.inject({ url: '/admin/queues', headers });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const api = await t.app.inject({ url: '/admin/queues/api/queues', headers });
    expect(api.statusCode).toBe(200);
    const names = (api.json() as { queues: { name: string }[] }).queues.map((queue) => queue.name);
    expect(names.sort()).toEqual([
      'activity',
      'batches',
      'invitations',
      'mail',
      'monitors',
      'notifications',
      'webhooks',
    ]);
    const job = await t.app.inject({ url: '/admin/queues/api/queues/mail/board-waiting-job', headers });
    expect(job.statusCode).toBe(200);
    expect(job.json().job).toMatchObject({ id: 'board-waiting-job', name: 'mail.send' });
  });

  it('refuses everyone but internal admins: 401 anonymous, 403 any other persona', async () => {
    for (const url of ['/admin/queues', '/admin/queues/api/queues', '/admin/queues/queue/mail']) {
      for (const persona of PERSONAS) {
        const reply = await t.app.inject({ url, headers: await personas.headers(persona) });
        const expected = persona === 'internalAdmin' ? 200 : persona === 'anonymous' ? 401 : 403;
        expect(reply.statusCode, `${persona} ${url}`).toBe(expected);
      }
    }
    const retry = await t.app.inject({
      method: 'PUT',
      url: '/admin/queues/api/queues/mail/retry/failed',
      headers: await personas.headers('internalOperations'),
    });
    expect(retry.statusCode).toBe(403);
  });
});
