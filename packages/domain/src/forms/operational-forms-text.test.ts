import { describe, expect, it } from 'vitest';
import { hasUnsafeFormCharacter, withoutUnsafeFormCharacters } from './operational-forms-text.js';

describe('the characters a form value may not hold', () => {
  it.each([
    ['\u0000'],
    ['\t'],
    ['\n'],
    ['\r'],
    ['\u001f'],
    ['\u007f'],
    ['\u0080'],
    ['\u0085'],
    ['\u009f'],
    ['\u061c'],
    ['\u200e'],
    ['\u200f'],
    ['\u2028'],
    ['\u2029'],
    ['\u202a'],
    ['\u202e'],
    ['\u2066'],
    ['\u2069'],
  ])('refuses %j', (character) => {
    expect(hasUnsafeFormCharacter(`A${character}B`)).toBe(true);
  });
  it.each([[' '], ['~'], ['\u00a0'], ['\u200d'], ['\u202f'], ['\u2065'], ['\u206a'], ['＝'], ['é']])(
    'accepts %j',
    (character) => expect(hasUnsafeFormCharacter(`A${character}B`)).toBe(false),
  );
  it('removes every one of them, and nothing else', () => {
    expect(withoutUnsafeFormCharacters('a\r\nTRAILER,\u202e1\u0085\u2028 é')).toBe('aTRAILER,1 é');
  });
});
