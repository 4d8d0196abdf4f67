import { describe, expect, it } from 'vitest';
import { hasNextPage, pageCount, pageLabel } from './admin-paging.js';

describe('admin list paging', () => {
  it("reads 'page / total', with '?' when the total is unknown", () => {
    expect(pageLabel(2, pageCount(51, 25))).toBe('2 / 3');
    expect(pageLabel(1, pageCount(0, 25))).toBe('1 / 1');
    expect(pageLabel(4, pageCount(null, 25))).toBe('4 / ?');
  });

  it('knows whether a next page exists, guessing from a full page when the total is unknown', () => {
    expect(hasNextPage(2, 3, 25, 25)).toBe(true);
    expect(hasNextPage(3, 3, 1, 25)).toBe(false);
    expect(hasNextPage(9, null, 25, 25)).toBe(true);
    expect(hasNextPage(9, null, 3, 25)).toBe(false);
  });
});

// Mutation survivors (docs/notes/mutation-survivors.md): a known total decides, whatever the page holds.
describe('next page from a known total', () => {
  it.each([
    [2, 3, 7, true],
    [3, 3, 25, false],
  ])('page %i of %i holding %i of 25 rows: next page %s', (page, pages, rows, next) => {
    expect(hasNextPage(page, pages, rows, 25)).toBe(next);
  });
});
