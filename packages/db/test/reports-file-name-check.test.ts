import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/testing.js';
import { ensureReferenceData, insertCategory, insertPartner, insertReport } from '../src/testing-monitors.js';

describe('the report file-name check', () => {
  let t: TestDatabase;
  let partnerId: number;
  beforeAll(async () => {
    t = await createTestDatabase();
    await ensureReferenceData(t.db);
    partnerId = await insertPartner(t.db, { code: 'ACME' });
    await insertCategory(t.db, { code: 'SETTLE' });
  });
  afterAll(() => t?.drop());

  const report = (fileName: string) =>
    insertReport(t.db, {
      partnerId,
      categoryCode: 'SETTLE',
      frequencyTypeCode: 'DLY',
      reportDate: '2026-11-24',
      fileName,
    });

  it('takes a plain file name', async () => {
    await expect(report('settlement 2026-11-24.csv')).resolves.toBeTypeOf('number');
  });

  it.each(['a/b.csv', 'a\\b.csv', '   '])('refuses %j', async (fileName) => {
    await expect(report(fileName)).rejects.toThrow(/reports_file_name_check/);
  });
});
