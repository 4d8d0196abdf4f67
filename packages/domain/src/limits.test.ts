import { describe, expect, it } from 'vitest';
import { isViewableFile } from './limits.js';

describe('viewable files (issue 26)', () => {
  it.each([
    ['report.csv', true],
    ['Report.XLSX', true],
    ['old.xls', true],
    ['archive.csv.zip', false],
    ['statement.pdf', false],
    ['csv', true],
    ['noextension', false],
    ['', false],
  ])('%o can be previewed: %s', (name, viewable) => expect(isViewableFile(name)).toBe(viewable));
});
