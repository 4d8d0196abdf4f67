import { listAuditEntries } from '@portal/db';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_LIMITS } from '../../src/reports/preview/limits.js';
import { addReport, seedReportCatalog, twoSheetXlsx } from './fixtures.js';
import { buildZip, deflateRepeated } from './zip-builder.js';

// GET /api/reports/view/{reportId}: worksheets as text, within limits, for csv and xlsx.
describe('report preview', () => {
  let t: TestApp;
  let personas: SeededPersonas;
  const ids: Record<string, number> = {};
  const view = async (
    id: number | string,
    persona: Parameters<SeededPersonas['headers']>[0] = 'externalReports',
  ) =>
    t.app.inject({ method: 'GET', url: `/api/reports/view/${id}`, headers: await personas.headers(persona) });

  beforeAll(async () => {
    t = await createTestApp();
    personas = await seedPersonas(t.database.db);
    await seedReportCatalog(t.database.db);
    const add = (fileName: string, body: Buffer, partnerCode = 'BJS') =>
      addReport(t.database.db, t.app.blobStore, { partnerCode, reportDate: '2026-11-19', fileName, body });

    ids.xlsx = await add('two-sheets.xlsx', await twoSheetXlsx());
    ids.csv = await add('small.csv', Buffer.from('\ufeffstore,note\n101,"a, quoted ""cell"""\n'));
    const row = `${'x'.repeat(60)},${'y'.repeat(60)}\n`;
    ids.hugeCsv = await add('huge.csv', Buffer.from(row.repeat(250_000)));
    ids.oneLine = await add('one-line.csv', Buffer.alloc(PREVIEW_LIMITS.csvRecordBytes + 10, 'z'));
    ids.xls = await add('old.xls', Buffer.from('D0CF11E0 not really'));
    ids.pdf = await add('statement.pdf', Buffer.from('%PDF-1.4'));
    ids.garbage = await add('garbage.xlsx', Buffer.from('this is not a zip at all, just text'));
    // 300 MB of XML that deflates to a few hundred KB, with honest and with lying headers.
    const bombData = await deflateRepeated(Buffer.alloc(1024 * 1024, ' '), 300);
    const bomb = {
      name: 'xl/worksheets/sheet1.xml',
      method: 8 as const,
      data: bombData,
      uncompressedSize: 300 * 1024 * 1024,
    };
    ids.bomb = await add('bomb.xlsx', buildZip([bomb]));
    ids.lyingBomb = await add(
      'lying-bomb.xlsx',
      buildZip([bomb], () => 1000),
    );
    // A bomb that the central directory does not list, ahead of a harmless entry that it does:
    // a streaming reader would still meet it.
    const harmless = {
      name: 'xl/workbook.xml',
      method: 0 as const,
      data: Buffer.from('<x/>'),
      uncompressedSize: 4,
    };
    const both = buildZip([bomb, harmless]);
    const hiddenAt = 30 + bomb.name.length + bomb.data.length;
    const directoryAt = both.readUInt32LE(both.length - 6);
    const listedOnlyHarmless = Buffer.concat([
      both.subarray(0, directoryAt),
      both.subarray(directoryAt + 46 + bomb.name.length, both.length - 22),
      both.subarray(both.length - 22),
    ]);
    const end = listedOnlyHarmless.length - 22;
    listedOnlyHarmless.writeUInt16LE(1, end + 8);
    listedOnlyHarmless.writeUInt16LE(1, end + 10);
    listedOnlyHarmless.writeUInt32LE(46 + harmless.name.length, end + 12);
    listedOnlyHarmless.writeUInt32LE(
      hiddenAt,
      listedOnlyHarmless.length - 22 - 46 - harmless.name.length + 42,
    );
    ids.hiddenBomb = await add('hidden-bomb.xlsx', listedOnlyHarmless);
    ids.other = await add('other.csv', Buffer.from('secret\n'), 'OTH');
  });
  afterAll(async () => t?.close());

  it('shows each worksheet of an xlsx by name, cells as text', async () => {
    const reply = await view(ids.xlsx as number);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      reportId: ids.xlsx,
      fileName: 'two-sheets.xlsx',
      worksheets: [
        {
          name: 'Summary',
          rows: [
            ['Store', 'Amount', 'Date'],
            ['#101 Boston', '1250.5', '11/20/2026'],
          ],
          truncated: false,
        },
        { name: 'Detail', rows: [['Note'], ['<img src=x onerror=alert(1)>']], truncated: false },
      ],
    });
  });

  it('shows a csv as one worksheet, quotes and byte-order mark handled', async () => {
    const body = (await view(ids.csv as number)).json();
    expect(body.worksheets).toEqual([
      {
        name: 'small',
        rows: [
          ['store', 'note'],
          ['101', 'a, quoted "cell"'],
        ],
        truncated: false,
      },
    ]);
  });

  it('reads only the first rows of a huge csv', async () => {
    const body = (await view(ids.hugeCsv as number)).json();
    expect(body.worksheets[0].rows).toHaveLength(PREVIEW_LIMITS.rows);
    expect(body.worksheets[0].truncated).toBe(true);
  });

  it.each([
    [
      'a csv line longer than the record limit',
      'oneLine',
      'This file could not be read as csv, or has a line too long to preview.',
    ],
    ['an xls that is not a workbook', 'xls', 'This file could not be read as a spreadsheet.'],
    ['a file type that is not viewable', 'pdf', 'Only csv, xls and xlsx files can be viewed.'],
    ['an xlsx that is not a zip', 'garbage', 'This file could not be read as a spreadsheet.'],
    ['a zip bomb', 'bomb', 'This spreadsheet expands to too much data to preview. Download it instead.'],
    [
      'a zip bomb whose headers lie',
      'lyingBomb',
      'This spreadsheet expands to too much data to preview. Download it instead.',
    ],
    [
      'a zip hiding an entry from its directory',
      'hiddenBomb',
      'This file could not be read as a spreadsheet.',
    ],
  ])('answers 422 with a message for %s', async (_label, key, message) => {
    const reply = await view(ids[key] as number);
    expect(reply.statusCode).toBe(422);
    expect(reply.json().message).toBe(message);
  });

  it('answers 400 for an id that is not a number and 404 for an unknown one', async () => {
    expect((await view('abc')).statusCode).toBe(400);
    expect((await view('0')).statusCode).toBe(400);
    const unknown = await view(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('The report was not found.');
  });

  it('refuses a report of another partner (IDOR) and users without VIEW_REPORTS', async () => {
    const other = await view(ids.other as number);
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('secret');
    expect((await view(ids.csv as number, 'externalDashboards')).statusCode).toBe(403);
    expect((await view(ids.csv as number, 'anonymous')).statusCode).toBe(401);
  });

  it('records each view in the audit log', async () => {
    const entries = await listAuditEntries(t.database.db, 'report', String(ids.xlsx));
    expect(entries.some((e) => e.action === 'REPORT_VIEW' && e.actor_user_id === 'partner@demo.portal')).toBe(
      true,
    );
  });
});
