import { readFileSync } from 'node:fs';
import { createTestApp, type TestApp } from '@portal/testing/api';
import { type SeededPersonas, seedPersonas } from '@portal/testing/personas';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_LIMITS } from '../../src/reports/preview/limits.js';
import { addReport, seedReportCatalog } from './fixtures.js';

// GET /api/reports/view/{reportId} on workbooks as partners receive them: .xls from Excel 5 (BIFF2
// to BIFF5), Excel 2003, 2007 and 2010 (BIFF8), OpenOffice Calc, WPS Office and Quattro Pro; .xlsx from Excel and from a writer that
// leaves out cell references; csv in UTF-16 and Windows-1252. Sources: workbooks/SOURCES.md.

type Sheet = { name: string; rows: string[][]; truncated: boolean };

const fixture = (name: string) => readFileSync(new URL(`./workbooks/${name}`, import.meta.url));

describe('report preview of real-world workbooks', () => {
  let t: TestApp;
  let personas: SeededPersonas;
  const ids = new Map<string, number>();

  const view = async (fileName: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/reports/view/${ids.get(fileName)}`,
      headers: await personas.headers('externalReports'),
    });
  const sheets = async (fileName: string): Promise<Sheet[]> => {
    const reply = await view(fileName);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().worksheets;
  };

  beforeAll(async () => {
    t = await createTestApp();
    personas = await seedPersonas(t.database.db);
    await seedReportCatalog(t.database.db);
    const add = async (fileName: string, body: Buffer) =>
      ids.set(
        fileName,
        await addReport(t.database.db, t.app.blobStore, { reportDate: '2026-11-19', fileName, body }),
      );
    for (const name of [
      'excel5-biff2.xls',
      'excel5-biff3.xls',
      'excel5-biff4.xls',
      'excel5-biff5.xls',
      'excel-biff8-formats.xls',
      'excel2003-names.xls',
      'excel2007-smart-tags.xls',
      'excel2010-text-and-numbers.xls',
      'biff4-no-format.xls',
      'wps-office.xls',
      'quattro-pro.xls',
      'three-sheets.xlsx',
      'no-cell-references.xlsx',
      'excel-unicode-text-utf16.csv',
      'utf16be-bom.csv',
      'windows-1252.csv',
    ]) {
      await add(name, fixture(name));
    }
    await add('truncated.xls', fixture('excel-biff8-formats.xls').subarray(0, 3000));
    await add('a-picture.xls', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    await add(
      'html-table.xls',
      Buffer.from(
        '<html><body><table><tr><td>Store</td><td>Sales</td></tr><tr><td>101</td><td>7</td></tr></table></body></html>',
      ),
    );
    const long = new ExcelJS.Workbook();
    const sheet = long.addWorksheet('Long');
    for (let i = 1; i <= PREVIEW_LIMITS.rows + 500; i += 1) sheet.addRow([i, `row ${i}`]);
    await add('long.xlsx', Buffer.from(await long.xlsx.writeBuffer()));
  });
  afterAll(async () => t?.close());

  it.each([['excel5-biff2.xls'], ['excel5-biff3.xls'], ['excel5-biff4.xls']])(
    'reads %s (Excel 5, BIFF2 to BIFF4), line breaks in cells kept',
    async (fileName) => {
      const [sheet, ...others] = await sheets(fileName);
      expect(others).toEqual([]);
      expect(sheet).toEqual({
        name: 'Sheet1',
        rows: [
          ['Normal', 'abc\ndef'],
          ['Formula', 'abc\r\ndef'],
        ],
        truncated: false,
      });
    },
  );

  it('reads every worksheet of a BIFF5 workbook as its own tab', async () => {
    const all = await sheets('excel5-biff5.xls');
    expect(all.map((s) => s.name)).toEqual(Array.from({ length: 16 }, (_, i) => `Sheet${i + 1}`));
    expect(all[0]?.rows).toEqual([
      ['Normal', 'abc\ndef'],
      ['Formula', 'abc\r\ndef'],
    ]);
    expect(all[1]?.rows).toEqual([]);
  });

  it('reads a BIFF8 workbook of Excel 2003: every worksheet, an apostrophe in a name, Greek text and a date', async () => {
    const all = await sheets('excel2003-names.xls');
    expect(all.map((s) => s.name)).toEqual(['Sheet1', 'Sheet2', 'Sheet3', "Seamus O'Reilly"]);
    expect(all[0]?.rows).toEqual([['42']]);
    expect(all[1]?.rows).toEqual([]);
    expect(all[3]?.rows).toEqual([['42']]);
    const months = all[2]?.rows ?? [];
    expect(months[0]).toEqual([
      '',
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
      'Year Tot',
    ]);
    expect(months[3]?.slice(12)).toEqual(['4321', '9876']);
    expect(months[24]?.[0]).toBe('αβγδε');
    expect(months[25]?.[0]).toBe('12/07/2006');
  });

  it('reads a BIFF8 workbook of Excel 2007: a date and a currency as the workbook formats them', async () => {
    const all = await sheets('excel2007-smart-tags.xls');
    expect(all.map((s) => s.name)).toEqual(['Sheet1', 'Sheet2', 'Sheet3']);
    expect(all[0]?.rows).toEqual([
      ['fuzzy whuzzy', '06/06/2014'],
      ['MSFT', 'hmm'],
      ['SPY', 'ha ha ha'],
      ['$100,000,000 '],
    ]);
  });

  it('reads a BIFF8 workbook of Excel 2010 for Windows: Hebrew text and a currency, as its xlsx twin', async () => {
    const all = await sheets('excel2010-text-and-numbers.xls');
    expect(all.map((s) => s.name)).toEqual(['Sheet1', 'Sheet2', 'Sheet3']);
    expect(all[0]?.rows).toEqual([
      ['English', 'Hello', 'World'],
      ['Hebrew', 'שלום', 'עולם'],
      [],
      ['1337', '13.37', ' $1,337.00 '],
    ]);
    expect((await sheets('three-sheets.xlsx'))[0]?.rows[3]?.slice(0, 3)).toEqual(all[0]?.rows[3]);
  });

  it('reads a BIFF8 workbook of OpenOffice Calc (German): sheet names, dates and times as the workbook formats them', async () => {
    const all = await sheets('excel-biff8-formats.xls');
    expect(all.map((s) => s.name)).toEqual(['Blätt1', 'ÖÄÜ', 'Blätt3', 'Formate']);
    expect(all[0]?.rows.slice(0, 4)).toEqual([
      ['Huber', '03/07/1907'],
      ['Äcker', '23/02/2005'],
      ['Öcker', 'Tuesday, May 03, 1988'],
      ['Morgen', '06:34'],
    ]);
    expect(all[2]?.rows.slice(0, 3)).toEqual([['100'], ['200'], ['300']]);
    expect(all[3]?.rows[0]).toEqual(['RED', 'RED']);
  });

  it('reads a BIFF4 file without FORMAT and WINDOW2 records', async () => {
    const [sheet] = await sheets('biff4-no-format.xls');
    expect(sheet?.name).toBe('Sheet1');
    expect(sheet?.rows[0]?.slice(0, 4)).toEqual(['ID', 'TOTAL', 'MAIN', 'SUB']);
    expect(sheet?.rows[1]?.slice(0, 3)).toEqual(['A', 'DOG & CAT PRODUCTS', 'Dog & Cat Product']);
  });

  it.each([
    ['wps-office.xls', 'Sheet1', ['TRUE', 'FALSE', '', 'sheetjs'], '2/19/14'],
    ['quattro-pro.xls', 'A', ['1', '0', '', 'sheetjs'], '2/19/14 0:00'],
  ])('reads %s (another writer)', async (fileName, name, secondRow, date) => {
    const [sheet] = await sheets(fileName);
    expect(sheet?.name).toBe(name);
    expect(sheet?.rows[0]).toEqual(['1', '2', '3']);
    expect(sheet?.rows[1]).toEqual(secondRow);
    expect(sheet?.rows[2]).toEqual(['foo', 'bar', date, '0.3']);
  });

  it('reads every worksheet of an Excel xlsx, with its currency format', async () => {
    const all = await sheets('three-sheets.xlsx');
    expect(all.map((s) => s.name)).toEqual(['Sheet1', 'Sheet2', 'Sheet3']);
    expect(all[0]?.rows.slice(0, 2)).toEqual([
      ['English', 'Hello', 'World'],
      ['Hebrew', 'שלום', 'עולם'],
    ]);
    expect(all[0]?.rows[3]?.slice(0, 3)).toEqual(['1337', '13.37', ' $1,337.00 ']);
  });

  it('reads an xlsx whose cells carry no reference, both worksheets', async () => {
    expect(await sheets('no-cell-references.xlsx')).toEqual([
      {
        name: 'Settlements',
        rows: [
          ['Store', 'Sales', 'Returns'],
          ['#101 Boston', '1250.5', '12'],
          ['#102 Nashua', '980', '3'],
        ],
        truncated: false,
      },
      {
        name: 'Stores',
        rows: [
          ['Store', 'City'],
          ['101', 'Boston'],
          ['102', 'Nashua'],
        ],
        truncated: false,
      },
    ]);
  });

  it('reads an .xls that is an HTML table, as reporting systems save them', async () => {
    const [sheet] = await sheets('html-table.xls');
    expect(sheet?.rows).toEqual([
      ['Store', 'Sales'],
      ['101', '7'],
    ]);
  });

  it('shows the first rows of a long workbook and marks it truncated', async () => {
    const [sheet] = await sheets('long.xlsx');
    expect(sheet?.rows).toHaveLength(PREVIEW_LIMITS.rows);
    expect(sheet?.rows[0]).toEqual(['1', 'row 1']);
    expect(sheet?.truncated).toBe(true);
  });

  it('reads Excel "Unicode Text": UTF-16 with its byte-order mark, tab separated', async () => {
    // A csv is one worksheet, named after the file.
    expect(await sheets('excel-unicode-text-utf16.csv')).toEqual([
      {
        name: 'excel-unicode-text-utf16',
        rows: [
          ['Store', 'City', 'Amount'],
          ['101', 'Montréal', '1 250,50 €'],
          ['102', 'Zürich', '980,00 €'],
        ],
        truncated: false,
      },
    ]);
    expect(await sheets('utf16be-bom.csv')).toEqual([
      {
        name: 'utf16be-bom',
        rows: [
          ['Store', 'City'],
          ['101', 'São Paulo'],
        ],
        truncated: false,
      },
    ]);
  });

  it('reads a Windows-1252 csv (no byte-order mark)', async () => {
    const [sheet] = await sheets('windows-1252.csv');
    expect(sheet?.name).toBe('windows-1252');
    expect(sheet?.rows).toEqual([
      ['Store', 'Customer', 'Amount'],
      ['101', 'Renée Müller', '€12.50'],
      ['102', 'Façade “Plaza”', '£8.00'],
    ]);
  });

  it.each([
    ['a truncated .xls', 'truncated.xls'],
    ['a picture named .xls', 'a-picture.xls'],
  ])('answers 422 with a clear message, never 500, for %s', async (_label, fileName) => {
    const reply = await view(fileName);
    expect(reply.statusCode).toBe(422);
    expect(reply.json().message).toBe('This file could not be read as a spreadsheet.');
  });
});
