import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf16Text } from '../../test/arbitraries.js';
import { findForbiddenText, hasForbiddenCharacter } from './input-text.js';

describe('hasForbiddenCharacter', () => {
  it.each([
    ['a\u0000b', true],
    ['\ud800', true],
    ['x\ud800y', true],
    ['\udc00', true],
    ['\udc00\ud800', true],
    ['\ud83d\ude00', false],
    ['plain text, accents é and 漢字', false],
    ['', false],
  ])('%j: %s', (text, expected) => {
    expect(hasForbiddenCharacter(text)).toBe(expected);
  });

  it('agrees with String.prototype.isWellFormed for any UTF-16 string without NUL', () => {
    fc.assert(
      fc.property(utf16Text({ maxLength: 40 }), (text) => {
        const wellFormed = (text as string & { isWellFormed(): boolean }).isWellFormed();
        expect(hasForbiddenCharacter(text)).toBe(!wellFormed || text.includes('\u0000'));
      }),
    );
  });
});

describe('findForbiddenText', () => {
  it('names the first bad field by its path', () => {
    expect(findForbiddenText({ a: 'ok', b: [{ c: 'x' }, { c: 'y\u0000' }] })?.field).toBe('b[1].c');
    expect(findForbiddenText({ a: 'ok' })).toBeNull();
    expect(findForbiddenText({ 'k\ud800': 1 })?.field).toBe('k\ud800');
    expect(findForbiddenText('\u0000')?.field).toBe('body');
    expect(findForbiddenText(['x', '\ud800'])?.field).toBe('[1]');
  });

  it('says which field in its message', () => {
    expect(findForbiddenText({ firstName: 'Tess\ud800' })?.message).toMatch(
      /^firstName contains a character/,
    );
  });

  it('walks a deeply nested value without exhausting the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findForbiddenText(deep)?.field).toMatch(/^\[0\]/);
  });
});

describe('edges of findForbiddenText (issue 26)', () => {
  it('finds the first in document order, under a root, and in nested keys', () => {
    expect(findForbiddenText({ a: 'x\u0000', b: 'y\u0000' })?.field).toBe('a');
    expect(findForbiddenText(['\u0000', '\u0000'])?.field).toBe('[0]');
    expect(findForbiddenText({ a: { 'b\udc00': 1 } })?.field).toBe('a.b\udc00');
    expect(findForbiddenText({ a: [1, true, null, { b: '\u0000' }] }, 'query')?.field).toBe('query.a[3].b');
    expect(findForbiddenText(['\u0000'], 'ids')?.field).toBe('ids[0]');
    expect(findForbiddenText('\u0000', 'name')).toEqual({
      field: 'name',
      message:
        'name contains a character that is not allowed (a NUL character or an unpaired UTF-16 surrogate).',
    });
    expect(findForbiddenText({ a: 1, b: [2, 'ok'], c: null })).toBeNull();
  });
});

// Mutation survivors (docs/notes/mutation-survivors.md): a part left undefined, or a number or a
// boolean, holds no text to check.
describe('findForbiddenText on values that hold no text', () => {
  it.each([undefined, 0, true, { a: undefined }, [undefined, 1, false]])('%o: nothing found', (value) => {
    expect(findForbiddenText(value)).toBeNull();
  });
});
