import { sha256Hex } from '@portal/db';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { recordStatements } from '@portal/testing/db';
import { personaSpecs, type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReport, seedReportCatalog } from './fixtures.js';

// What one signed-in reports-list request costs in SQL statements, the session check included
// (issue 16: at most 4; it was 8). scripts/bench/reports.ts replays the same statements as its floor.
describe('SQL statements of a reports list request', () => {
  let t: TestApp;
  let personas: SeededPersonas;
  let recorder: ReturnType<typeof recordStatements>;

  beforeAll(async () => {
    t = await createTestApp();
    personas = await seedPersonas(t.database.db);
    await seedReportCatalog(t.database.db);
    for (const reportDate of ['2026-11-18', '2026-11-19']) {
      await addReport(t.database.db, t.app.blobStore, {
        reportDate,
        fileName: `SETTLEMENT_${reportDate}.csv`,
        body: Buffer.from('a,b\n1,2\n'),
      });
    }
    recorder = recordStatements(t.database.pool!);
  });
  afterAll(async () => {
    recorder?.stop();
    await t?.close();
  });

  const list = async (url: string, headers: Record<string, string>) => {
    recorder.reset();
    const reply = await t.app.inject({ method: 'GET', url, headers });
    return { reply, statements: [...recorder.statements] };
  };

  it('answers the list with at most 4 statements, session check included', async () => {
    const headers = await personas.headers('externalReports');
    const { reply, statements } = await list('/api/reports/EXT/BJS/SETTLEMENT', headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().latestReport.fileName).toBe('SETTLEMENT_2026-11-19.csv');
    expect(statements.length).toBeLessThanOrEqual(4);
    expect(statements[0]?.sql).toMatch(/from "sessions"/);

    const dated = await list('/api/reports/EXT/BJS/SETTLEMENT?startDate=2026-11-18', headers);
    expect(dated.reply.json().reports.DLY).toHaveLength(1);
    expect(dated.statements.length).toBeLessThanOrEqual(4);
  });

  it('moves the idle clock of a session within the same statement', async () => {
    const cookie = (await personas.sessionCookie('externalReports')) as string;
    const sessionHash = sha256Hex(cookie.slice('portal_session='.length));
    await sql`update sessions set last_seen_at = now() - interval '5 minutes' where session_hash = ${sessionHash}`.execute(
      t.database.db,
    );
    const { reply, statements } = await list('/api/reports/EXT/BJS/SETTLEMENT', { cookie });
    expect(reply.statusCode).toBe(200);
    expect(statements.length).toBeLessThanOrEqual(4);
    const { rows } = await sql<{ recent: boolean }>`
      select last_seen_at > now() - interval '1 minute' as recent from sessions where session_hash = ${sessionHash}`.execute(
      t.database.db,
    );
    expect(rows[0]?.recent).toBe(true);
  });

  it('still refuses at once a user disabled or signed out mid-session', async () => {
    const headers = await personas.headers('externalReports');
    expect((await list('/api/reports/EXT/BJS/SETTLEMENT', headers)).reply.statusCode).toBe(200);
    const { userId } = personaSpecs.externalReports;
    await sql`update users set disabled_at = now() where user_id = ${userId}`.execute(t.database.db);
    expect((await list('/api/reports/EXT/BJS/SETTLEMENT', headers)).reply.statusCode).toBe(401);
    await sql`update users set disabled_at = null where user_id = ${userId}`.execute(t.database.db);
    expect((await list('/api/reports/EXT/BJS/SETTLEMENT', headers)).reply.statusCode).toBe(200);
    await sql`delete from sessions`.execute(t.database.db);
    expect((await list('/api/reports/EXT/BJS/SETTLEMENT', headers)).reply.statusCode).toBe(401);
  });
});
