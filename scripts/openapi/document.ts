import { buildApp } from '@portal/api/app';
import { loadConfig } from '@portal/api/config';
import { connect } from '@portal/db';
import { LocalDiskStore } from '@portal/storage';

// The API's OpenAPI document as /api/docs/json serves it, generated from the route schemas. It is
// built from fixed settings rather than this machine's environment, so every machine writes the
// same bytes; nothing is connected (the routes are registered, never called).
const SETTINGS = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: 'postgres://127.0.0.1:1/openapi-document',
  REDIS_URL: 'redis://127.0.0.1:1',
  WEB_DIST: 'apps/web/dist-absent',
  API_DOCS: 'internal',
} as const;

export type OpenApiDocument = {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
};

export async function buildOpenApiDocument(): Promise<OpenApiDocument> {
  const config = loadConfig({ ...SETTINGS });
  const database = connect({ databaseUrl: config.DATABASE_URL });
  const app = await buildApp({
    config,
    database,
    queuePing: async () => 'PONG',
    blobStore: new LocalDiskStore({ root: 'data/openapi-document-unused' }),
  });
  try {
    await app.ready();
    // A copy: the document is plain JSON, as served.
    return JSON.parse(JSON.stringify(app.swagger())) as OpenApiDocument;
  } finally {
    await app.close();
    await database.close();
  }
}

/** The committed form: two-space JSON and a final newline. */
export function serializeDocument(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
