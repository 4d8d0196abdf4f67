import { describe, expect, it } from 'vitest';
import { frequencyTypeProblems, normalizeFrequencyType } from './admin-frequency-type.js';

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
});
