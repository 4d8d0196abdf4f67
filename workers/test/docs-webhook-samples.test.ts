import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestReport, insertWebhookEndpoint, setUserAccess } from '@portal/db';
import { createBlobStore } from '@portal/storage';
import {
  createTestDatabase,
  ensureReferenceData,
  newCategory,
  newPartner,
  newPartnerCategory,
  newUser,
  type TestDatabase,
} from '@portal/testing/db';
import { docSample } from '@portal/testing/doc-samples';
import { freePort, REDIS_URL, randomPrefix, waitFor } from '@portal/testing/workers/helpers';
import { type MailHarness, startMailWorkers } from '@portal/testing/workers/mail-harness';
import { testWebhookSettings } from '@portal/testing/workers/webhook-receiver';
import { generateSecret, sealSecret } from '@portal/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDeliverySettings } from '../src/config.js';

// The webhook receivers of docs/integrating/webhooks.md, run as written (node, python3) and sent
// real deliveries by the workers: each accepts the deliveries signed with its secret (the
// delivery succeeds) and refuses those signed with another (400), and the message the page shows
// has the fields and types of a real one. They listen on 127.0.0.2, the only range opened.

const settings: WebhookDeliverySettings = testWebhookSettings({
  secretKey: randomBytes(32),
  allowedRanges: ['127.0.0.2/32'],
  allowHttp: true,
  retryBaseMs: 200,
  disableAfterFailures: 1000,
});
const noNames = async (hostname: string) => {
  throw new Error(`ENOTFOUND ${hostname}`);
};

type Receiver = { process: ChildProcess; url: string; secret: string; output: string[] };

const prefix = randomPrefix();
let t: TestDatabase;
let mail: MailHarness;
let dir: string;
let partnerId: number;
const receivers: Record<string, Receiver> = {};

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.2', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

async function startReceiver(name: string, command: string, file: string, code: string): Promise<Receiver> {
  const path = join(dir, file);
  await writeFile(path, code);
  const port = await freePort();
  const secret = generateSecret();
  const child = spawn(command, [path], {
    env: {
      PATH: process.env.PATH,
      PARTNER_WEBHOOK_SECRET: secret,
      RECEIVER_ADDRESS: '127.0.0.2',
      RECEIVER_PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const receiver: Receiver = { process: child, url: `http://127.0.0.2:${port}/webhooks`, secret, output: [] };
  child.stdout?.on('data', (chunk: Buffer) =>
    receiver.output.push(...chunk.toString().split('\n').filter(Boolean)),
  );
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  await waitFor(`the ${name} receiver listening`, async () => exited || listening(port), 60_000);
  if (exited) throw new Error(`the ${name} receiver exited before listening`);
  return receiver;
}

async function addEndpoint(url: string, secret: string): Promise<string> {
  return insertWebhookEndpoint(t.db, {
    serviceAccountId: 'svc-partner',
    url,
    description: 'docs sample',
    eventTypes: ['report.available'],
    partnerIds: [partnerId],
    categoryCodes: [],
    secretSealed: sealSecret(settings.secretKey, secret),
    createdBy: 'owner',
  });
}

beforeAll(async () => {
  t = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'portal-docs-receivers-'));
  await ensureReferenceData(t.db);
  await newCategory(t.db, { code: 'SETTLEMENT', name: 'Settlement' });
  partnerId = await newPartner(t.db, { code: 'BJS' });
  await newPartnerCategory(t.db, { partnerId, categoryCode: 'SETTLEMENT' });
  await newUser(t.db, { userId: 'owner', email: 'owner@portal.example', isExternalUser: false });
  await newUser(t.db, { userId: 'svc-partner', firstName: 'Partner system' });
  await t.db
    .updateTable('users')
    .set({ is_service_account: true })
    .where('user_id', '=', 'svc-partner')
    .execute();
  await setUserAccess(t.db, 'svc-partner', {
    features: ['VIEW_REPORTS'],
    partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
  });
  receivers.node = await startReceiver(
    'Node.js',
    process.execPath,
    'receiver.mjs',
    docSample('docs/integrating/webhooks.md', 'webhook-receiver-node').code,
  );
  receivers.python = await startReceiver(
    'Python',
    'python3',
    'receiver.py',
    docSample('docs/integrating/webhooks.md', 'webhook-receiver-python').code,
  );
  mail = await startMailWorkers({
    handle: t,
    redisUrl: REDIS_URL,
    prefix,
    webhooks: settings,
    webhookLookup: noNames,
  });
});

afterAll(async () => {
  await mail?.stop();
  for (const receiver of Object.values(receivers)) receiver.process.kill();
  await t?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the receivers of docs/integrating/webhooks.md', () => {
  const endpoints: Record<string, { good: string; forged: string }> = {};
  let reportId: number;

  beforeAll(async () => {
    for (const [name, receiver] of Object.entries(receivers)) {
      endpoints[name] = {
        good: await addEndpoint(receiver.url, receiver.secret),
        // Registered with another secret: its deliveries are signed with a key the receiver lacks.
        forged: await addEndpoint(receiver.url, generateSecret()),
      };
    }
    const report = await ingestReport(t.db, createBlobStore({ STORAGE_DIR: join(dir, 'files') }), {
      accessTypeCode: 'EXT',
      partnerCode: 'BJS',
      categoryCode: 'SETTLEMENT',
      frequencyTypeCode: 'DLY',
      reportDate: '2026-11-20',
      fileName: 'settlement-2026-11-20.csv',
      body: Buffer.from('date,amount\n'),
      contentType: 'text/csv',
    });
    reportId = report.reportId;
  });

  const deliveryTo = (endpointId: string) =>
    t.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .executeTakeFirst();
  const firstAnswer = async (deliveryId: string) =>
    (
      await t.db
        .selectFrom('webhook_delivery_attempts')
        .select('response_status')
        .where('delivery_id', '=', deliveryId)
        .where('attempt', '=', 1)
        .executeTakeFirst()
    )?.response_status;

  it.each(['node', 'python'])('%s: accepts a real delivery and prints it once', async (name) => {
    const { good } = endpoints[name]!;
    await waitFor(
      'the delivery succeeded',
      async () => (await deliveryTo(good))?.status === 'succeeded',
      60_000,
    );
    const delivery = (await deliveryTo(good))!;
    await waitFor('the receiver printed it', () => receivers[name]!.output.length > 0, 10_000);
    expect(receivers[name]!.output).toEqual([`${delivery.delivery_id} report.available ${reportId}`]);
  });

  it.each(['node', 'python'])('%s: refuses a delivery signed with another secret', async (name) => {
    const { forged } = endpoints[name]!;
    await waitFor(
      'the forged delivery answered',
      async () => {
        const delivery = await deliveryTo(forged);
        return delivery !== undefined && (await firstAnswer(delivery.delivery_id)) !== undefined;
      },
      60_000,
    );
    const delivery = (await deliveryTo(forged))!;
    expect(await firstAnswer(delivery.delivery_id)).toBe(400);
    expect(delivery.status).not.toBe('succeeded');
    expect(receivers[name]!.output.join('\n')).not.toContain(delivery.delivery_id);
  });

  it('shows a message with the fields and types of a real delivery', async () => {
    const shown = JSON.parse(docSample('docs/integrating/webhooks.md', 'webhook-message').code);
    const real = JSON.parse((await deliveryTo(endpoints.node!.good))!.body);
    const shape = (value: Record<string, unknown>): Record<string, string> =>
      Object.fromEntries(Object.entries(value).map(([key, v]) => [key, v === null ? 'null' : typeof v]));
    expect(Object.keys(shown)).toEqual(Object.keys(real));
    expect(shown.type).toBe(real.type);
    expect(typeof shown.timestamp).toBe(typeof real.timestamp);
    expect(shape(shown.data)).toEqual(shape(real.data));
  });
});
