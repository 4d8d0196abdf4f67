import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_EXTENSIONS, parseExtensions, reportFileProblem } from './report-file.js';

describe('report file names', () => {
  const allowed = [...DEFAULT_REPORT_EXTENSIONS];

  it('accepts the formats the portal delivers, whatever the case', () => {
    for (const name of ['a.csv', 'B.XLSX', 'c.xls', 'd.txt', 'e.pdf', 'bundle.2026.zip']) {
      expect(reportFileProblem(name, allowed), name).toBeNull();
    }
  });

  it('refuses pages, images, programs and names without an extension', () => {
    expect(reportFileProblem('x.html', allowed)).toBe(
      'Report files must be .csv, .txt, .xls, .xlsx, .pdf, .zip (not .html).',
    );
    expect(reportFileProblem('x.svg', allowed)).toMatch(/not \.svg/);
    expect(reportFileProblem('setup.exe', allowed)).toMatch(/not \.exe/);
    expect(reportFileProblem('csv', allowed)).toMatch(/no extension/);
    expect(reportFileProblem('.csv', allowed)).toMatch(/no extension/);
  });

  it('refuses a NUL or a lone surrogate in the name', () => {
    expect(reportFileProblem('a\u0000.csv', allowed)).toMatch(/^The file name contains a character/);
    expect(reportFileProblem('a\ud800.csv', allowed)).toMatch(/^The file name contains a character/);
  });

  it('reads the setting', () => {
    expect(parseExtensions(' csv, .XLSX ,pdf,,csv')).toEqual(['csv', 'xlsx', 'pdf']);
  });
});

// Mutation survivors (docs/notes/mutation-survivors.md): only a leading dot is dropped.
describe('extensions of the setting with inner dots', () => {
  it('keeps a dot inside an extension as written', () => {
    expect(parseExtensions('tar.gz, .tar.bz2')).toEqual(['tar.gz', 'tar.bz2']);
  });
});
