import { DATABASE_ENGINES, type OpenedDatabase } from '@portal/testing/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMany, InvalidJobPayloadError } from '../src/index.js';

// The report monitor check writes all its emails with one statement, on Postgres and on the
// embedded PGlite alike.
const engines = DATABASE_ENGINES;

describe.each(engines)('enqueueMany on %s', (_, open) => {
  let handle: OpenedDatabase;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    if (handle?.drop) await handle.drop();
    else await handle?.close();
  });

  it('writes every job in one statement, payloads intact', async () => {
    const requests = Array.from({ length: 2500 }, (_, i) => ({
      name: 'mail.send' as const,
      payload: { to: [`owner${i}@bank.test`], subject: `Missing "report" ${i}`, text: `Line\n\\ ${i} é` },
      jobId: `monitor-alert-${i}-2026-11-24`,
    }));
    const statements: string[] = [];
    const counted = handle.db.withPlugin({
      transformQuery: (args) => {
        statements.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    expect(await enqueueMany(counted, requests)).toBe(2500);
    expect(statements).toHaveLength(1);
    const rows = await handle.db
      .selectFrom('outbox')
      .select(['queue', 'job_name', 'job_id', 'payload'])
      .execute();
    expect(rows).toHaveLength(2500);
    const last = rows.find((row) => row.job_id === 'monitor-alert-2499-2026-11-24');
    expect(last).toEqual({
      queue: 'mail',
      job_name: 'mail.send',
      job_id: 'monitor-alert-2499-2026-11-24',
      payload: requests[2499]!.payload,
    });
  });

  it('writes nothing when one request is invalid', async () => {
    const before = (await handle.db.selectFrom('outbox').select('outbox_id').execute()).length;
    await expect(
      enqueueMany(handle.db, [
        { name: 'mail.send', payload: { to: ['a@bank.test'], subject: 'ok', text: '.' } },
        { name: 'mail.send', payload: { to: [], subject: 'no one', text: '.' } },
      ]),
    ).rejects.toBeInstanceOf(InvalidJobPayloadError);
    expect(await handle.db.selectFrom('outbox').select('outbox_id').execute()).toHaveLength(before);
    expect(await enqueueMany(handle.db, [])).toBe(0);
  });
});
