// `node --import tsx scripts/seed.ts`: migrates the database and loads the demo data once.
// Database: DATABASE_URL, or embedded PGlite in data/pg. Files: STORAGE_DRIVER and the
// STORAGE_*/S3_* variables of @portal/storage (local data/files by default).

import { pathToFileURL } from 'node:url';
import type { Database } from '@portal/db';
import { connect, migrateToLatest } from '@portal/db';
import type { ReportFileWriter, SeedOptions, SeedResult } from '@portal/db/seed';
import { seedDemo } from '@portal/db/seed';
import { readEnv, SharedEnvSchema } from '@portal/process/env';
import { type BlobStore, createBlobStore } from '@portal/storage';
import { webhookSettings } from '@portal/webhooks';
import type { Kysely } from 'kysely';
import { demoWebhookPort, seedDemoWebhook } from './demo-webhooks.js';

export function reportFileWriter(store: BlobStore): ReportFileWriter {
  return { putReportFile: (key, body, contentType) => store.put(key, body, { contentType }) };
}

/**
 * The demo seed with its report files written to `store`, and, outside production, the demo webhook
 * endpoint of the dev tools (scripts/demo-webhooks.ts) at the port its receiver listens on
 * (DEMO_WEBHOOK_PORT of `env`), its secret sealed under WEBHOOK_SECRET_KEY.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  store: BlobStore,
  options: SeedOptions = {},
  env: Record<string, string | undefined> = process.env,
): Promise<SeedResult> {
  const result = await seedDemo(db, reportFileWriter(store), options);
  if (env.NODE_ENV !== 'production') {
    const { secretKey } = webhookSettings(
      {
        WEBHOOK_SECRET_KEY: env.WEBHOOK_SECRET_KEY,
        WEBHOOK_ALLOWED_RANGES: '',
        WEBHOOK_ALLOW_HTTP: false,
      },
      { production: false },
    );
    await seedDemoWebhook(db, secretKey, demoWebhookPort(env));
  }
  return result;
}

async function main(): Promise<void> {
  const store = createBlobStore(process.env);
  const env = readEnv(SharedEnvSchema, process.env);
  const handle = connect({ databaseUrl: env.DATABASE_URL, dataDir: env.PGLITE_DIR });
  try {
    await migrateToLatest(handle.db);
    const result = await seedDemoData(handle.db, store);
    console.log(
      result.applied
        ? `seed: demo data loaded, ${result.reports} report files written`
        : 'seed: demo data already loaded; nothing to do',
    );
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(`seed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
