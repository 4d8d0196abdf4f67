import { describe, expect, it } from 'vitest';
import {
  CODE_WITHOUT_SPACES,
  frequencyTypeProblems,
  normalizeFrequencyType,
} from './admin-frequency-type.js';

describe('frequency type rules', () => {
  it('requires code and name', () => {
    expect(frequencyTypeProblems({ code: '', name: ' ' })).toEqual([
      { field: 'code', message: 'This field is required.' },
      { field: 'name', message: 'This field is required.' },
    ]);
    expect(frequencyTypeProblems({ code: 'QLY', name: 'Quarter' })).toEqual([]);
  });

  it('keeps codes to one word', () => {
    expect(frequencyTypeProblems({ code: 'Q LY', name: 'Quarter' })[0]?.field).toBe('code');
  });

  it('stores trimmed values', () => {
    expect(normalizeFrequencyType({ code: ' QLY ', name: ' Quarter ' })).toEqual({
      code: 'QLY',
      name: 'Quarter',
    });
  });

  // Issue 26: the code pattern with near misses at both ends, each length at and above its limit.
  it.each([
    ['Q-L_Y9', []],
    [' QLY ', []],
    ['Q LY', [{ field: 'code', message: CODE_WITHOUT_SPACES }]],
    ['.QLY', [{ field: 'code', message: CODE_WITHOUT_SPACES }]],
    ['QLY.', [{ field: 'code', message: CODE_WITHOUT_SPACES }]],
    ['Q/LY', [{ field: 'code', message: CODE_WITHOUT_SPACES }]],
    ['X'.repeat(20), []],
    ['X'.repeat(21), [{ field: 'code', message: 'Use at most 20 characters.' }]],
  ])('code %o', (code, expected) => {
    expect(frequencyTypeProblems({ code, name: 'Quarter' })).toEqual(expected);
  });

  it('holds a name of 100 characters and no more', () => {
    expect(frequencyTypeProblems({ code: 'QLY', name: 'n'.repeat(100) })).toEqual([]);
    expect(frequencyTypeProblems({ code: 'QLY', name: 'n'.repeat(101) })).toEqual([
      { field: 'name', message: 'Use at most 100 characters.' },
    ]);
  });
});
