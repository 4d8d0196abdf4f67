import {
  createTestDatabase,
  ensureReferenceData,
  newCategory,
  newPartner,
  newReport,
  type TestDatabase,
} from '@portal/testing/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('the report file-name check', () => {
  let t: TestDatabase;
  let partnerId: number;
  beforeAll(async () => {
    t = await createTestDatabase();
    await ensureReferenceData(t.db);
    partnerId = await newPartner(t.db, { code: 'ACME' });
    await newCategory(t.db, { code: 'SETTLE' });
  });
  afterAll(() => t?.drop());

  const report = (fileName: string) =>
    newReport(t.db, {
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
