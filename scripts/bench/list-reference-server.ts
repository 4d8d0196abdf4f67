// The reports bench's second reference: the least an HTTP server on this stack (Fastify, pg)
// can do for one list request. It runs the statements one list request issues (a JSON file, written
// by scripts/bench/reports.ts) on one pooled pg client held for the request, and replies with
// their rows as JSON: no hooks, no logger, no session, no mapping. What the API costs beyond this
// is the portal's own; what this costs beyond the bare pg floor is HTTP on Node.
//   DATABASE_URL=... STATEMENTS_FILE=... PORT=... node --import tsx scripts/bench/list-reference-server.ts
import { readFileSync } from 'node:fs';
import { connect } from '@portal/db';
import Fastify from 'fastify';
import { asQuery, type Statement } from './reports-measure.js';

const statements = JSON.parse(readFileSync(process.env.STATEMENTS_FILE as string, 'utf8')) as Statement[];
const database = connect({
  databaseUrl: process.env.DATABASE_URL,
  maxConnections: Number(process.env.DATABASE_POOL_SIZE ?? 32),
});
const pool = database.pool as NonNullable<typeof database.pool>;

// Errors only: a failing reference request is a bench failure worth seeing.
const app = Fastify({ logger: { level: 'error' } });
app.get('/healthz', async () => ({ status: 'OK' }));
app.get('/list', async () => {
  const client = await pool.connect();
  try {
    const results: unknown[] = [];
    for (const statement of statements) {
      results.push((await client.query(asQuery(statement))).rows);
    }
    return results;
  } finally {
    client.release();
  }
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => {
  void app.close().then(() => database.close().then(() => process.exit(0)));
});
